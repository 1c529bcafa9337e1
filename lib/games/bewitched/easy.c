/* Bewitched: the easy computer player's rule of thumb. It plays the move
 * out on a copy of the (re-drawn) position and scores what it sees there:
 * a win first, then keeping frogs alive, holding the prince's book close to
 * home, keeping it away from the others, and heading for the books. */
#include <string.h>

#include "bewitched.h"

/* Table lookups and bit-mask searches: the steps to a pad are fixed by the
 * board, and the steps to a book are needed only from the player's own
 * frogs, so no whole-board search runs for each move scored (guided
 * playouts score every legal move of every decision). Spaces where a frog
 * without a book can get one: beside a hat holding a book, or a dropped book. */
static int bw_easy_value(const bw_config *cfg, const bw_block *b, int player)
{
    if (b->winner != BW_NONE)
        return b->winner == player ? 1000000 : -1000000;
    const uint8_t *home = cfg->pad_steps[cfg->colour_of[player]];
    uint64_t books = 0;
    for (int k = 0; k < BW_BOOKS; k++) {
        if (b->book_where[k] == BW_BOOK_GROUND)
            books |= 1ull << b->book_at[k];
        else if (b->book_where[k] == BW_BOOK_HAT)
            books |= cfg->hat_spaces[b->book_at[k]];
    }
    int v = 50 * b->antidote[player];
    for (int f = 0; f < cfg->players * BW_FROGS_PER_PLAYER; f++) {
        int at = b->frog_at[f];
        if (at == BW_NONE)
            continue;
        int book = bw_frog_book(b, f);
        if (f / BW_FROGS_PER_PLAYER != player) {
            if (book == b->prince)
                v -= 3000;
            continue;
        }
        v += 1000;
        if (book == b->prince)
            v += 5000 - 100 * home[at];
        else if (book != BW_NONE && !((b->not_prince >> book) & 1u) &&
                 !((b->seen[player] >> book) & 1u))
            v += 300 - 10 * home[at];
        else
            v -= 10 * bw_steps_between(cfg, at, books);
    }
    return v;
}

int bw_easy_score(const void *vcfg, const void *st, int player, tg_move move)
{
    const bw_config *cfg = vcfg;
    bw_block after;
    memcpy(&after, st, sizeof after);
    bw_apply(cfg, &after, move);
    return bw_easy_value(cfg, &after, player);
}
