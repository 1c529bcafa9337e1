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
        m[2] = (float)((b->frog_flags[f] & BW_FF_MOVED) != 0);
        m[3] = (float)((b->frog_flags[f] & BW_FF_MUST) != 0);
        m[4] = (float)((b->frog_flags[f] & BW_FF_PENDING) != 0);
    }
    return t;
}

static float *bw_tensor_snakes(const bw_config *cfg, const bw_block *b, int viewer, float *t)
{
    int drawn = b->stage == BW_ST_SETUP ? b->setup_step - 1 - cfg->players : BW_SNAKES;
    for (int s = 0; s < BW_SNAKES; s++, t += BW_SNAKE_SLOTS) {
        t[0] = (float)!bw_bit(b->gone, s);
        if (bw_bit(b->gone, s))
            t[1] = 1.0f;
        else if (viewer == TG_VIEW_OMNISCIENT && s < drawn)
            t[bw_bit(b->deadly, s) ? 1 : 2] = 1.0f;
        for (int f = 0; f < BW_FROGS; f++)
            t[3 + f] = (float)bw_bit(b->touched[s], f);
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
            t[3 + BW_BOOK_AT + 2 + p] = (float)((b->seen[p] >> k) & 1u);
    }
    return t;
}

void bw_tensor(const void *vcfg, const void *st, int viewer, float *out)
{
    const bw_config *cfg = vcfg;
    const bw_block *b = st;
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
        *t++ = (float)b->antidote[p];
    t = tgT_one_hot(t, b->escape_frog, BW_FROGS);
    t = tgT_one_hot(t, b->actor, BW_FROGS);
    if (b->actor != BW_NONE && b->stage == BW_ST_STEAL)
        for (int g = 0; g < BW_FROGS; g++)
            t[g] = (float)bw_bit(b->passed, g);
    t += BW_FROGS;
    tgT_one_hot(t, b->winner, n);
}
