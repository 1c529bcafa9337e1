/* Bewitched: the observation tensor, slot for slot as the table in
 * docs/rules/bewitched.md names them. Counts, dice and the setup step are
 * plain numbers, the rest 0/1 flags. */
#include <stddef.h>
#include <string.h>

#include "bewitched.h"

#include "core/tensor_write.h"

/* Per frog: its node (none once out), its book, magnetic known true / shown
 * false (omniscient), moved, must move, must move next turn. */
#define BW_FROG_SLOTS (BW_NODES + BW_BOOKS + 2 + 3)
#define BW_FROG_MAGNETIC (BW_NODES + BW_BOOKS)
/* Per snake: in play, deadly true / false, the frogs that touched it. */
#define BW_SNAKE_SLOTS (1 + 2 + BW_FROGS)
/* Per book: where (hat, frog, ground), at (hat, frog or node), page prince /
 * frog, and the players who looked at it. */
#define BW_BOOK_AT (BW_HATS + BW_FROGS + BW_NODES)
#define BW_BOOK_PAGE (3 + BW_BOOK_AT)

static size_t bw_book_slots(const bw_config *cfg)
{
    return BW_BOOK_PAGE + 2 + (size_t)cfg->players;
}

/* Once, in the float build: the bytes' writer has the same size. */
#ifndef TG_TENSOR_BYTES
size_t bw_tensor_size(const void *vcfg)
{
    const bw_config *cfg = vcfg;
    size_t n = (size_t)cfg->players;
    return BW_ST_COUNT + n + 1 + 2 + 2 + 2 + n * BW_FROGS_PER_PLAYER * BW_FROG_SLOTS +
           BW_CATS * BW_NODES + BW_SNAKES * BW_SNAKE_SLOTS + BW_HATS * BW_BOOKS +
           BW_BOOKS * bw_book_slots(cfg) + n + BW_FROGS + BW_FROGS + BW_FROGS + n;
}
#endif

/* Writing: the vector comes zeroed, so only the ones and the non-zero
 * numbers are stored, each where the position says, with no pass over the
 * slots that stay zero: a frog's book and a hat's book come from the
 * books' side (four places, rather than a search of the four books for
 * each frog and hat), bits from their set bits alone. This writer runs on
 * every decision of a batched learning loop (issue 34), where it was the
 * largest part of a step; the tensor's layout and values are unchanged
 * (tests/golden/formats.c holds them).
 *
 * The position's bytes are read into a copy on the stack first: a store
 * (a float, or in tensor_bytes.c's build a byte) may alias the block's
 * uint8_t bytes (a char type), so through the caller's pointer the
 * compiler would read the block again after every store. The events at
 * the block's end are not needed. */
#define BW_TENSOR_COPY offsetof(bw_block, ev_count)

/* A frog's five flags (magnetic known true, shown false, moved, must
 * move, must move next) as values, by its three turn flags and, as bit 3,
 * whether it is known to be magnetic; "shown false" is the referee's
 * alone and written apart. One copy of a row, no branch per frog. */
_Static_assert(BW_FF_MOVED == 1 && BW_FF_MUST == 2 && BW_FF_PENDING == 4,
               "the frog flags' table");
#define BW_FROG_FLAGS(m, f)                                                                    \
    {(tgT_value)(m), 0, (tgT_value)((f) & 1), (tgT_value)(((f) >> 1) & 1),                     \
     (tgT_value)(((f) >> 2) & 1)}
static const tgT_value bw_frog_flags[16][5] = {
    BW_FROG_FLAGS(0, 0), BW_FROG_FLAGS(0, 1), BW_FROG_FLAGS(0, 2), BW_FROG_FLAGS(0, 3),
    BW_FROG_FLAGS(0, 4), BW_FROG_FLAGS(0, 5), BW_FROG_FLAGS(0, 6), BW_FROG_FLAGS(0, 7),
    BW_FROG_FLAGS(1, 0), BW_FROG_FLAGS(1, 1), BW_FROG_FLAGS(1, 2), BW_FROG_FLAGS(1, 3),
    BW_FROG_FLAGS(1, 4), BW_FROG_FLAGS(1, 5), BW_FROG_FLAGS(1, 6), BW_FROG_FLAGS(1, 7),
};

/* Four bits as four 0/1 values, lowest first: a set of frogs (touched a
 * snake, may be stolen from) is three copies, whatever bits are set, where
 * a loop over the set bits would be mispredicted as the sets grow. */
#define BW_NIBBLE(v)                                                                           \
    {(tgT_value)((v) & 1), (tgT_value)(((v) >> 1) & 1), (tgT_value)(((v) >> 2) & 1),           \
     (tgT_value)((v) >> 3)}
static const tgT_value bw_nibble_values[16][4] = {
    BW_NIBBLE(0),  BW_NIBBLE(1),  BW_NIBBLE(2),  BW_NIBBLE(3), BW_NIBBLE(4),  BW_NIBBLE(5),
    BW_NIBBLE(6),  BW_NIBBLE(7),  BW_NIBBLE(8),  BW_NIBBLE(9), BW_NIBBLE(10), BW_NIBBLE(11),
    BW_NIBBLE(12), BW_NIBBLE(13), BW_NIBBLE(14), BW_NIBBLE(15),
};

/* The 12 frogs of a two-byte mask as 12 values. */
static inline void bw_tensor_frog_set(tgT_value *t, const uint8_t *m)
{
    memcpy(t, bw_nibble_values[m[0] & 15u], sizeof bw_nibble_values[0]);
    memcpy(t + 4, bw_nibble_values[m[0] >> 4], sizeof bw_nibble_values[0]);
    memcpy(t + 8, bw_nibble_values[m[1] & 15u], sizeof bw_nibble_values[0]);
}

/* Sets t[i * stride] to 1 for every set bit i of bits. */
static inline void bw_tensor_bits(tgT_value *t, unsigned bits, size_t stride)
{
    for (; bits; bits &= bits - 1)
        t[(size_t)__builtin_ctz(bits) * stride] = 1;
}

static tgT_value *bw_tensor_frogs(const bw_config *cfg, const bw_block *b, int viewer, tgT_value *t)
{
    int frogs = cfg->players * BW_FROGS_PER_PLAYER;
    unsigned known = bw_mask16(b->magnetic_known);
    for (int f = 0; f < frogs; f++) {
        tgT_value *fr = t + (size_t)f * BW_FROG_SLOTS;
        tgT_one_hot(fr, b->frog_at[f], BW_NODES);
        unsigned row = (b->frog_flags[f] & 7u) | ((known >> f) & 1u) << 3;
        memcpy(fr + BW_FROG_MAGNETIC, bw_frog_flags[row], sizeof bw_frog_flags[0]);
    }
    if (viewer == TG_VIEW_OMNISCIENT)
        for (int f = 0; f < frogs; f++) {
            int p = f / BW_FROGS_PER_PLAYER;
            if (!((known >> f) & 1u) && b->setup_step > p + 1)
                t[(size_t)f * BW_FROG_SLOTS + BW_FROG_MAGNETIC +
                  (b->plain[p] != f % BW_FROGS_PER_PLAYER ? 0 : 1)] = 1;
        }
    return t + (size_t)frogs * BW_FROG_SLOTS;
}

static tgT_value *bw_tensor_snakes(const bw_config *cfg, const bw_block *b, int viewer, tgT_value *t)
{
    unsigned gone = bw_mask16(b->gone);
    for (int s = 0; s < BW_SNAKES; s++) {
        tgT_value *sn = t + (size_t)s * BW_SNAKE_SLOTS;
        sn[(gone >> s) & 1u] = 1; /* in play, or deadly true once it bit */
        bw_tensor_frog_set(sn + 3, b->touched[s]);
    }
    if (viewer == TG_VIEW_OMNISCIENT) {
        int drawn = b->stage == BW_ST_SETUP ? b->setup_step - 1 - cfg->players : BW_SNAKES;
        for (int s = 0; s < BW_SNAKES && s < drawn; s++)
            if (!((gone >> s) & 1u))
                t[(size_t)s * BW_SNAKE_SLOTS + (bw_bit(b->deadly, s) ? 1 : 2)] = 1;
    }
    return t + BW_SNAKES * BW_SNAKE_SLOTS;
}

/* The books, and from their places the frogs' and the hats' books. */
static void bw_tensor_books(const bw_config *cfg, const bw_block *b, int viewer, tgT_value *frogs,
                            tgT_value *hats, tgT_value *t)
{
    static const unsigned at_base[3] = {0, BW_HATS, BW_HATS + BW_FROGS};
    static const unsigned at_count[3] = {BW_HATS, BW_FROGS, BW_NODES};
    unsigned n = (unsigned)cfg->players, slots = (unsigned)bw_book_slots(cfg);
    /* The pages the viewer knows (bw_page_seen), as a bit per book. */
    unsigned known = 0;
    if (b->stage != BW_ST_SETUP) {
        known = b->not_prince;
        if (viewer == TG_VIEW_OMNISCIENT)
            known = 0xFu;
        else if (viewer >= 0 && viewer < BW_MAX_PLAYERS)
            known |= b->seen[viewer];
    }
    for (unsigned k = 0; k < BW_BOOKS; k++) {
        tgT_value *bk = t + (size_t)k * slots;
        unsigned where = b->book_where[k], at = b->book_at[k];
        unsigned w = where < 3 ? where : 0;
        bk[w] = 1;
        tgT_one_hot(bk + 3 + at_base[w], at, at_count[w]);
        if ((known >> k) & 1u)
            bk[BW_BOOK_PAGE + (k == b->prince ? 0 : 1)] = 1;
        if (where == BW_BOOK_FROG && at < n * BW_FROGS_PER_PLAYER)
            frogs[(size_t)at * BW_FROG_SLOTS + BW_NODES + k] = 1;
        else if (where == BW_BOOK_HAT && at < BW_HATS)
            hats[at * BW_BOOKS + k] = 1;
    }
    for (unsigned p = 0; p < n; p++)
        bw_tensor_bits(t + BW_BOOK_PAGE + 2 + p, b->seen[p] & 0xFu, slots);
}

void TGT_WRITER(bw_tensor)(const void *vcfg, const void *st, int viewer, tgT_value *out)
{
    const bw_config *cfg = vcfg;
    bw_block copy;
    memcpy(&copy, st, BW_TENSOR_COPY);
    const bw_block *b = &copy;
    unsigned n = (unsigned)cfg->players;
    tgT_value *t = out;
    tgT_one_hot(t, b->stage, BW_ST_COUNT);
    t += BW_ST_COUNT;
    tgT_one_hot(t, b->player, n);
    t += n;
    t[0] = (tgT_value)b->setup_step;
    t[1] = (tgT_value)b->dice[0];
    t[2] = (tgT_value)b->dice[1];
    t[3] = (tgT_value)(b->used & 1);
    t[4] = (tgT_value)((b->used >> 1) & 1);
    t[5] = (tgT_value)((b->turn & BW_TF_CAT) != 0);
    t[6] = (tgT_value)((b->turn & BW_TF_STOLE) != 0);
    t += 7;
    tgT_value *frogs = t;
    t = bw_tensor_frogs(cfg, b, viewer, t);
    for (int c = 0; c < BW_CATS; c++, t += BW_NODES)
        tgT_one_hot(t, b->cat_at[c], BW_NODES);
    t = bw_tensor_snakes(cfg, b, viewer, t);
    tgT_value *hats = t;
    t += BW_HATS * BW_BOOKS;
    bw_tensor_books(cfg, b, viewer, frogs, hats, t);
    t += BW_BOOKS * bw_book_slots(cfg);
    for (unsigned p = 0; p < n; p++)
        t[p] = (tgT_value)b->antidote[p];
    t += n;
    tgT_one_hot(t, b->escape_frog, BW_FROGS);
    t += BW_FROGS;
    tgT_one_hot(t, b->actor, BW_FROGS);
    t += BW_FROGS;
    if (b->actor != BW_NONE && b->stage == BW_ST_STEAL)
        bw_tensor_frog_set(t, b->passed);
    t += BW_FROGS;
    tgT_one_hot(t, b->winner, n);
}
