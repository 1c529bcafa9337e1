/* Bewitched: the easy computer player's rule of thumb. It plays the move
 * out on a copy of the (re-drawn) position and scores what it sees there:
 * a win first, then keeping frogs alive, holding the prince's book close to
 * home, keeping it away from the others, and heading for the books. */
#include <string.h>

#include "bewitched.h"

#define BW_FAR 99

/* Steps from the nearest node in sources to every node (BW_FAR if none). */
static void bw_easy_distances(const bw_config *cfg, uint64_t sources, int *dist)
{
    uint8_t queue[BW_NODES];
    int head = 0, tail = 0;
    for (int n = 0; n < BW_NODES; n++) {
        dist[n] = BW_FAR;
        if ((sources >> n) & 1u) {
            dist[n] = 0;
            queue[tail++] = (uint8_t)n;
        }
    }
    while (head < tail) {
        int n = queue[head++];
        for (int k = 0; k < cfg->nnbr[n]; k++) {
            int m = cfg->nbr[n][k];
            if (dist[m] == BW_FAR) {
                dist[m] = dist[n] + 1;
                queue[tail++] = (uint8_t)m;
            }
        }
    }
}

/* Spaces where a frog without a book can get one: beside a full hat, or a
 * dropped book. */
static uint64_t bw_easy_book_spaces(const bw_config *cfg, const bw_block *b)
{
    uint64_t spaces = 0;
    for (int n = 0; n < BW_SPACES; n++)
        if (cfg->hat_of[n] != BW_NONE && bw_hat_book(b, cfg->hat_of[n]) != BW_NONE)
            spaces |= 1ull << n;
    for (int k = 0; k < BW_BOOKS; k++)
        if (b->book_where[k] == BW_BOOK_GROUND)
            spaces |= 1ull << b->book_at[k];
    return spaces;
}

static int bw_easy_value(const bw_config *cfg, const bw_block *b, int player)
{
    if (b->winner != BW_NONE)
        return b->winner == player ? 1000000 : -1000000;
    int home[BW_NODES], books[BW_NODES];
    bw_easy_distances(cfg, 1ull << BW_PAD(cfg->colour_of[player]), home);
    bw_easy_distances(cfg, bw_easy_book_spaces(cfg, b), books);
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
            v -= 10 * books[at];
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
