/* Bewitched: the observation tensor, slot by slot as the table in
 * docs/rules/bewitched.md names them. Counts, dice and the setup step are
 * plain numbers, the rest 0/1 flags. */
#include "bewitched.h"

#include "core/tensor_write.h"

/* Per frog: its node (none once out), its book, magnetic known true / shown
 * false (omniscient), moved, must move, must move next turn. */
#define BW_FROG_SLOTS (BW_NODES + BW_BOOKS + 2 + 3)
/* Per snake: in play, deadly true / false, the frogs that touched it. */
#define BW_SNAKE_SLOTS (1 + 2 + BW_FROGS)
/* Per book: where (hat, frog, ground), at (hat, frog or node), page prince /
 * frog, and the players who looked at it. */
#define BW_BOOK_AT (BW_HATS + BW_FROGS + BW_NODES)

static size_t bw_book_slots(const bw_config *cfg)
{
    return 3 + BW_BOOK_AT + 2 + (size_t)cfg->players;
}

size_t bw_tensor_size(const void *vcfg)
{
    const bw_config *cfg = vcfg;
    size_t n = (size_t)cfg->players;
    return BW_ST_COUNT + n + 1 + 2 + 2 + 2 + n * BW_FROGS_PER_PLAYER * BW_FROG_SLOTS +
           BW_CATS * BW_NODES + BW_SNAKES * BW_SNAKE_SLOTS + BW_HATS * BW_BOOKS +
           BW_BOOKS * bw_book_slots(cfg) + n + BW_FROGS + BW_FROGS + BW_FROGS + n;
}

/* Writing: the vector comes zeroed, so only the ones and the non-zero
 * numbers are stored, from a copy of the block on the stack. A float
 * store may alias the block's uint8_t bytes (a char type), so through the
 * caller's pointer the compiler would read the block again after every
 * store; the copy cannot be aliased. This writer runs on every decision
 * of a batched learning loop (issue 34). */

/* Sets t[i] to 1 for every set bit i of the n-bit mask at m. */
static void bw_tensor_bits(float *t, const uint8_t *m, int n)
{
    for (int byte = 0; byte < (n + 7) / 8; byte++)
        for (unsigned v = m[byte]; v; v &= v - 1) {
            int i = byte * 8 + __builtin_ctz(v);
            if (i < n)
                t[i] = 1.0f;
        }
}

/* The parts that observe() builds from the same helpers, in the same order. */
static float *bw_tensor_frogs(const bw_config *cfg, const bw_block *b, int viewer, float *t)
{
    for (int f = 0; f < cfg->players * BW_FROGS_PER_PLAYER; f++, t += BW_FROG_SLOTS) {
        int p = f / BW_FROGS_PER_PLAYER;
        tgT_one_hot(t, b->frog_at[f], BW_NODES);
        tgT_one_hot(t + BW_NODES, bw_frog_book(b, f), BW_BOOKS);
        float *m = t + BW_NODES + BW_BOOKS;
        if (bw_bit(b->magnetic_known, f))
            m[0] = 1.0f;
        else if (viewer == TG_VIEW_OMNISCIENT && b->setup_step > p + 1)
            m[b->plain[p] != f % BW_FROGS_PER_PLAYER ? 0 : 1] = 1.0f;
        const unsigned flags = b->frog_flags[f];
        if (flags & BW_FF_MOVED)
            m[2] = 1.0f;
        if (flags & BW_FF_MUST)
            m[3] = 1.0f;
        if (flags & BW_FF_PENDING)
            m[4] = 1.0f;
    }
    return t;
}

static float *bw_tensor_snakes(const bw_config *cfg, const bw_block *b, int viewer, float *t)
{
    int drawn = b->stage == BW_ST_SETUP ? b->setup_step - 1 - cfg->players : BW_SNAKES;
    for (int s = 0; s < BW_SNAKES; s++, t += BW_SNAKE_SLOTS) {
        if (bw_bit(b->gone, s))
            t[1] = 1.0f;
        else {
            t[0] = 1.0f;
            if (viewer == TG_VIEW_OMNISCIENT && s < drawn)
                t[bw_bit(b->deadly, s) ? 1 : 2] = 1.0f;
        }
        bw_tensor_bits(t + 3, b->touched[s], BW_FROGS);
    }
    return t;
}

static float *bw_tensor_books(const bw_config *cfg, const bw_block *b, int viewer, float *t)
{
    static const int at_base[3] = {0, BW_HATS, BW_HATS + BW_FROGS};
    static const int at_count[3] = {BW_HATS, BW_FROGS, BW_NODES};
    for (int k = 0; k < BW_BOOKS; k++, t += bw_book_slots(cfg)) {
        int w = b->book_where[k] < 3 ? b->book_where[k] : 0;
        t[w] = 1.0f;
        tgT_one_hot(t + 3 + at_base[w], b->book_at[k], at_count[w]);
        if (bw_page_seen(b, k, viewer))
            t[3 + BW_BOOK_AT + (k == b->prince ? 0 : 1)] = 1.0f;
        for (int p = 0; p < cfg->players; p++)
            if ((b->seen[p] >> k) & 1u)
                t[3 + BW_BOOK_AT + 2 + p] = 1.0f;
    }
    return t;
}

void bw_tensor(const void *vcfg, const void *st, int viewer, float *out)
{
    const bw_config *cfg = vcfg;
    const bw_block copy = *(const bw_block *)st, *b = &copy;
    int n = cfg->players;
    float *t = out;
    t = tgT_one_hot(t, b->stage, BW_ST_COUNT);
    t = tgT_one_hot(t, b->player, n);
    *t++ = (float)b->setup_step;
    *t++ = (float)b->dice[0];
    *t++ = (float)b->dice[1];
    *t++ = (float)(b->used & 1);
    *t++ = (float)((b->used >> 1) & 1);
    *t++ = (float)((b->turn & BW_TF_CAT) != 0);
    *t++ = (float)((b->turn & BW_TF_STOLE) != 0);
    t = bw_tensor_frogs(cfg, b, viewer, t);
    for (int c = 0; c < BW_CATS; c++, t += BW_NODES)
        tgT_one_hot(t, b->cat_at[c], BW_NODES);
    t = bw_tensor_snakes(cfg, b, viewer, t);
    for (int h = 0; h < BW_HATS; h++, t += BW_BOOKS)
        tgT_one_hot(t, bw_hat_book(b, h), BW_BOOKS);
    t = bw_tensor_books(cfg, b, viewer, t);
    for (int p = 0; p < n; p++)
        if (b->antidote[p])
            t[p] = (float)b->antidote[p];
    t += n;
    t = tgT_one_hot(t, b->escape_frog, BW_FROGS);
    t = tgT_one_hot(t, b->actor, BW_FROGS);
    if (b->actor != BW_NONE && b->stage == BW_ST_STEAL)
        bw_tensor_bits(t, b->passed, BW_FROGS);
    t += BW_FROGS;
    tgT_one_hot(t, b->winner, n);
}
