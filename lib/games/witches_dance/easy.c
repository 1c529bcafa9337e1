/* Witches' Dance: the easy bot's rule of thumb (docs/rules/witches_dance.md,
 * "Computer players (easy)"). The position is already re-drawn for the
 * player, but its hat colours are guesses: the rule reads only the count
 * of hats of each colour in the circle, which the player truly knows. */
#include "witches_dance.h"

enum {
    WD_EASY_TAKEOFF = 1000, /* a witch surely of the exit's colour leaves */
    WD_EASY_ENTER = 500,
    WD_EASY_MOVE = 100 /* a move that neither helps nor hurts; peeks score this */
};

/* Hats in the circle per colour. The re-drawn position keeps these counts
 * (they are public), so they are what the player really knows about any
 * one hat: it is of colour c with chance count[c] / total. */
typedef struct wd_easy_odds {
    int count[WD_COLOURS];
    int total;
    int others; /* opponents sharing the harm of a witch given away */
} wd_easy_odds;

static void wd_easy_count(const wd_config *cfg, const wd_block *b, wd_easy_odds *o)
{
    for (int c = 0; c < WD_COLOURS; c++)
        o->count[c] = 0;
    o->total = 0;
    for (uint64_t m = wd_occupied(b); m; m &= m - 1) {
        o->count[b->circle[wd_lowest_bit(m)] - 1]++;
        o->total++;
    }
    o->others = cfg->players - 1;
}

/* What a witch of a colour is worth to the player, in steps of 1/others:
 * own +others, an opponent's -1 (the harm is shared by the others), a
 * neutral 0. With two players that is simply +1 and -1. */
static int wd_easy_weight(const wd_config *cfg, const wd_easy_odds *o, int player, int colour)
{
    if (colour == cfg->colour_of[player])
        return o->others;
    return cfg->owner_of[colour] >= 0 ? -1 : 0;
}

/* Spaces a witch of colour on space still has to dance to reach its exit. */
static int wd_easy_to_go(int colour, int space)
{
    return (wd_exit_space(colour) - space + WD_SPACES) % WD_SPACES;
}

/* The expected worth of carrying an unknown hat from one space to another:
 * the progress towards (or past) its exit, over the colours it may have. */
static int wd_easy_shift(const wd_config *cfg, const wd_easy_odds *o, int player, int from,
                         int to)
{
    int sum = 0;
    for (int c = 0; c < WD_COLOURS; c++)
        if (o->count[c])
            sum += o->count[c] * wd_easy_weight(cfg, o, player, c) *
                   (wd_easy_to_go(c, from) - wd_easy_to_go(c, to));
    return sum / (o->total * o->others);
}

/* A plain move of the hat on from: its own progress plus the push back of
 * a hat it lands on. */
static int wd_easy_move(const wd_config *cfg, const wd_block *b, const wd_easy_odds *o,
                        int player, int from)
{
    int to = (from + b->die) % WD_SPACES;
    int score = WD_EASY_MOVE + wd_easy_shift(cfg, o, player, from, to);
    if (b->circle[to]) {
        int at = to;
        do
            at = cfg->back[at];
        while (b->circle[at] && at != from);
        score += wd_easy_shift(cfg, o, player, to, at);
    }
    return score;
}

/* Taking off the hat on from at the exit it passes: it scores for the
 * player when its colour is the exit's, otherwise for an opponent. */
static int wd_easy_takeoff(const wd_config *cfg, const wd_block *b, const wd_easy_odds *o,
                           int from)
{
    int match = o->count[cfg->passes[from][b->die]];
    return WD_EASY_MOVE + WD_EASY_TAKEOFF * (match * o->others - (o->total - match)) /
                              (o->total * o->others);
}

int wd_easy_score(const void *vcfg, const void *st, int player, tg_move move)
{
    const wd_config *cfg = vcfg;
    const wd_block *b = st;
    if (b->phase != WD_PHASE_TAKEOFF && b->phase != WD_PHASE_CHOOSE)
        return 0;
    if (move >= WD_MOVE_ENTER && move < WD_MOVE_TAKEOFF)
        return WD_EASY_ENTER;
    if (move >= WD_MOVE_PEEK && move < WD_MOVE_ENTER)
        return WD_EASY_MOVE;
    if (move == WD_MOVE_PASS)
        return 0;
    wd_easy_odds o;
    wd_easy_count(cfg, b, &o);
    if (b->phase == WD_PHASE_TAKEOFF)
        return move == WD_MOVE_TAKEOFF ? wd_easy_takeoff(cfg, b, &o, b->selected)
                                       : wd_easy_move(cfg, b, &o, player, b->selected);
    int from = (int)(move - WD_MOVE_SPACE);
    int score = wd_easy_move(cfg, b, &o, player, from);
    int exit_colour = cfg->passes[from][b->die];
    /* Choosing a hat at a usable exit leads to the take-off choice, where
     * the better of leaving and dancing on will be taken. */
    if (exit_colour != WD_NO_COLOUR && wd_exit_usable(cfg, b, player, exit_colour)) {
        int leave = wd_easy_takeoff(cfg, b, &o, from);
        if (leave > score)
            score = leave;
    }
    return score;
}
