/* Bewitched: the text of a move, e.g. "5f2:23-24-25" (die 5, frog 2, the
 * spaces it steps on), "3c1:..." for a cat, "steal:g2", "roll:3-5". */
#include "bewitched.h"

#include <stdio.h>

int bw_node_name(int node, char *buf, size_t cap)
{
    if (node >= BW_SPACES)
        return snprintf(buf, cap, "home");
    return snprintf(buf, cap, "%d", node + 1);
}

static size_t bw_piece_text(const bw_config *cfg, const bw_block *b, tg_move move, char *buf,
                            size_t cap)
{
    int r = (int)(move % BW_MAX_ROUTES);
    int piece = (int)(move / BW_MAX_ROUTES) % BW_PIECES;
    int slot = (int)(move / (BW_MAX_ROUTES * BW_PIECES));
    int at = piece < BW_FROGS_PER_PLAYER
                 ? b->frog_at[b->player * BW_FROGS_PER_PLAYER + piece]
                 : b->cat_at[piece - BW_FROGS_PER_PLAYER];
    char text[64];
    int len = snprintf(text, sizeof text, "%d%c%d:", b->dice[slot],
                       piece < BW_FROGS_PER_PLAYER ? 'f' : 'c',
                       piece < BW_FROGS_PER_PLAYER ? piece + 1 : piece - BW_FROGS_PER_PLAYER + 1);
    if (at >= BW_NODES || r >= cfg->route_count[at])
        return (size_t)snprintf(buf, cap, "#%u", (unsigned)move);
    const bw_route *rt = &cfg->routes[at][r];
    for (int i = 0; i < rt->len; i++) {
        if (i)
            text[len++] = '-';
        len += bw_node_name(rt->step[i], text + len, sizeof text - (size_t)len);
    }
    return (size_t)snprintf(buf, cap, "%s", text);
}

size_t bw_move_text(const void *vcfg, const void *st, tg_move move, char *buf, size_t cap)
{
    const bw_config *cfg = vcfg;
    const bw_block *b = st;
    if (move < BW_MOVE_SKIP)
        return bw_piece_text(cfg, b, move, buf, cap);
    if (move == BW_MOVE_SKIP)
        return (size_t)snprintf(buf, cap, "skip");
    if (move == BW_MOVE_NOSTEAL)
        return (size_t)snprintf(buf, cap, "nosteal");
    if (move < BW_MOVE_SWAP) {
        int g = (int)(move - BW_MOVE_STEAL);
        int p = g / BW_FROGS_PER_PLAYER;
        int colour = p < cfg->players ? cfg->colour_of[p] : 0;
        return (size_t)snprintf(buf, cap, "steal:%c%d", bw_colour_letters[colour],
                                g % BW_FROGS_PER_PLAYER + 1);
    }
    static const char *const words[] = {"swap", "keep", "pickup", "leave", "put"};
    if (move < BW_CH_PRINCE)
        return (size_t)snprintf(buf, cap, "%s", words[move - BW_MOVE_SWAP]);
    if (move < BW_CH_PLAIN)
        return (size_t)snprintf(buf, cap, "prince:hat%u", (unsigned)(move - BW_CH_PRINCE + 1));
    if (move < BW_CH_HARMLESS)
        return (size_t)snprintf(buf, cap, "plain:f%u", (unsigned)(move - BW_CH_PLAIN + 1));
    if (move == BW_CH_HARMLESS)
        return (size_t)snprintf(buf, cap, "harmless");
    if (move == BW_CH_DEADLY)
        return (size_t)snprintf(buf, cap, "deadly");
    if (move < BW_CH_ESCAPE) {
        unsigned v = (unsigned)(move - BW_CH_DICE);
        return (size_t)snprintf(buf, cap, "roll:%u-%u", v / 6 + 1, v % 6 + 1);
    }
    return (size_t)snprintf(buf, cap, "escape:%u", (unsigned)(move - BW_CH_ESCAPE + 1));
}
