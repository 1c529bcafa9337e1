/* What each viewer sees: the observation and a text drawing (the events of
 * the last decision are in events.c). The presents are the only secret: a
 * viewer sees the presents she has looked under, and the winner's present
 * once it is found. */
#include <stdio.h>
#include <string.h>

#include "core/canvas.h"
#include "spinning_wishes.h"

int sw_may_see(const sw_block *b, int viewer, int tower)
{
    if (b->present[tower] >= SW_PRINCESSES)
        return 0;
    if (viewer == TG_VIEW_OMNISCIENT)
        return 1;
    if (viewer >= 0 && viewer < SW_PRINCESSES && (b->seen[viewer] & (1u << tower)))
        return 1;
    return b->winner && b->present[tower] == b->princess[b->winner - 1];
}

static unsigned sw_wheel_mask(const sw_block *b)
{
    unsigned m = 0;
    for (int s = 0; s < SW_SLOTS; s++)
        if (b->wheel[s])
            m |= 1u << s;
    return m;
}

static json_t *sw_observe_player(const sw_block *b, int p)
{
    json_t *o = json_object();
    json_object_set_new(o, "princess", sw_json_princess(b->princess[p]));
    json_object_set_new(o, "space", sw_json_space(b->pos[p]));
    json_object_set_new(o, "wishes", sw_json_hand(b, p));
    json_object_set_new(o, "own_three", json_boolean(sw_own_three(b, p)));
    json_object_set_new(o, "looked", sw_json_bits(b->seen[p], SW_PRINCESSES));
    json_object_set_new(o, "miss_turn", json_boolean(b->skip & (1u << p)));
    json_object_set_new(o, "start_roll", json_integer(b->start_roll[p]));
    return o;
}

json_t *sw_observe(const void *cfg, const void *st, int viewer)
{
    const sw_config *c = cfg;
    const sw_block *b = st;
    json_t *o = json_object();
    sw_json_turn_fields(o, b);
    json_object_set_new(o, "start_pending", sw_json_bits(b->start_pending, SW_PRINCESSES));
    json_t *players = json_array();
    for (int p = 0; p < c->players; p++)
        json_array_append_new(players, sw_observe_player(b, p));
    /* "princesses", not "players": the core's own "players" (the count)
     * would overwrite it. */
    json_object_set_new(o, "princesses", players);
    json_t *wheel = json_object(), *slots = json_array(), *rays = json_object();
    for (int s = 0; s < SW_SLOTS; s++)
        json_array_append_new(slots, sw_json_princess(b->wheel[s] - 1));
    for (int g = 0; g < SW_PRINCESSES; g++)
        if (b->player_of[g] != SW_NOWHERE)
            json_object_set_new(rays, sw_princess_names[g],
                                sw_json_bits(c->ray[g][b->rot] & sw_wheel_mask(b), SW_SLOTS));
    json_object_set_new(wheel, "rotation", json_integer(b->rot));
    json_object_set_new(wheel, "slots", slots);
    json_object_set_new(wheel, "in_ray", rays);
    json_object_set_new(o, "wheel", wheel);
    json_t *towers = json_array();
    for (int t = 0; t < SW_PRINCESSES; t++) {
        json_t *to = json_object(), *not_for = json_array();
        json_object_set_new(to, "present",
                            sw_may_see(b, viewer, t) ? sw_json_princess(b->present[t]) : json_null());
        for (int p = 0; p < c->players; p++)
            if ((b->seen[p] & (1u << t)) && b->winner != p + 1)
                json_array_append_new(not_for, json_string(sw_princess_names[b->princess[p]]));
        json_object_set_new(to, "not_for", not_for);
        json_array_append_new(towers, to);
    }
    json_object_set_new(o, "towers", towers);
    json_object_set_new(o, "presents_dealt", json_boolean(b->present[0] < SW_PRINCESSES));
    return o;
}

/* ---- text drawing --------------------------------------------------------
 * The board's 11 x 11 grid, two lines per space: its name and kind, and
 * under it the princess standing there, so a princess never hides the
 * space she is on. The towers' presents lie in their courtyards inside the
 * castle; the wheel is told below the drawing as which wishes lie in
 * whose ray. */

#define SW_CELL 7
#define SW_GRID 11

static const char *const sw_codes[SW_PRINCESSES] = {"Sn", "Ci", "Be", "Sb"};

static const char *sw_code(int g)
{
    return g >= 0 && g < SW_PRINCESSES ? sw_codes[g] : "--";
}

/* The marks a drawing used, so that its legend names only those. */
typedef struct sw_marks {
    int kind[SW_K_COUNT], princess, present_known, present_hidden;
} sw_marks;

static void sw_kind_code(const sw_config *c, int sp, char *out, size_t cap)
{
    static const char *const codes[SW_K_COUNT] = {"G", "", "W", "T", "R", "M", "h", "p", "t"};
    int kind = c->kind[sp] < SW_K_COUNT ? c->kind[sp] : SW_K_BLANK;
    if (kind == SW_K_GATE)
        snprintf(out, cap, "G%s", sw_code(sp / SW_LOOP_QUARTER));
    else if (kind == SW_K_TOWER)
        snprintf(out, cap, "t%d", c->tower_of[sp]);
    else
        snprintf(out, cap, "%s", codes[kind]);
}

static void sw_draw_spaces(const sw_config *c, const sw_block *b, tg_canvas *cv, sw_marks *used)
{
    for (int sp = 0; sp < SW_SPACES; sp++) {
        double x, y;
        char name[8], kind[8];
        sw_space_xy(sp, &x, &y);
        sw_space_name(sp, name, sizeof name);
        sw_kind_code(c, sp, kind, sizeof kind);
        used->kind[c->kind[sp] < SW_K_COUNT ? c->kind[sp] : SW_K_BLANK] = 1;
        tgC_printf(cv, 2 * (int)y, SW_CELL * (int)x, "%3s %s", name, kind);
    }
    for (int p = 0; p < c->players; p++)
        if (b->pos[p] < SW_SPACES) {
            double x, y;
            sw_space_xy(b->pos[p], &x, &y);
            tgC_printf(cv, 2 * (int)y + 1, SW_CELL * (int)x + 3, "%s", sw_code(b->princess[p]));
            used->princess = 1;
        }
}

static void sw_draw_presents(const sw_block *b, int viewer, tg_canvas *cv, sw_marks *used)
{
    for (int t = 0; t < SW_PRINCESSES; t++) {
        int x = (int)sw_courtyard_xy[t][0], y = (int)sw_courtyard_xy[t][1];
        tgC_printf(cv, 2 * y, SW_CELL * x, "gift%d", t);
        if (sw_may_see(b, viewer, t)) {
            tgC_printf(cv, 2 * y + 1, SW_CELL * x + 1, "%s", sw_code(b->present[t]));
            used->present_known = 1;
        } else if (b->present[t] < SW_PRINCESSES) {
            tgC_put(cv, 2 * y + 1, SW_CELL * x + 1, "?");
            used->present_hidden = 1;
        }
    }
    tgC_put(cv, 10, SW_CELL * 5, "wheel");
}

static void sw_legend(const sw_config *c, const sw_block *b, const sw_marks *used, tg_strbuf *out)
{
    static const struct {
        int kind;
        const char *mark, *meaning;
    } kinds[] = {
        {SW_K_GATE, "GSn", "Snow White's gate; GCi, GBe, GSb: Cinderella's, Belle's, Beauty's"},
        {SW_K_WHEEL, "W", "Wishing Wheel: the wheel spins (a trade space once it is empty)"},
        {SW_K_TRADE, "T", "Trade a Wish"},
        {SW_K_AGAIN, "R", "Roll Again"},
        {SW_K_MISS, "M", "Miss a Turn"},
        {SW_K_HALL, "h", "a castle hall, behind a gate"},
        {SW_K_PATH, "p", "a castle path space"},
        {SW_K_TOWER, "t2", "a space of tower 2 (its present lies in courtyard gift2)"},
    };
    char line[160];
    size_t len = 0;
    tgS_append(out, "Legend (a space's name, as moves write it, and kind; below, who is on it):\n");
    for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; i++)
        if (used->kind[kinds[i].kind])
            tgC_legend(out, kinds[i].mark, kinds[i].meaning);
    if (used->kind[SW_K_BLANK])
        tgC_legend(out, "12", "a number alone: a blank space");
    for (int p = 0; p < c->players; p++)
        if (b->princess[p] < SW_PRINCESSES)
            len += (size_t)snprintf(line + len, sizeof line - len, "%s%s %s", len ? ", " : "",
                                    sw_codes[b->princess[p]], sw_princess_words[b->princess[p]]);
    if (used->princess)
        tgC_legend(out, "Sn", line);
    if (used->present_hidden || used->present_known)
        tgC_legend(out, "gift0", used->present_known
                                     ? "tower 0's courtyard: its present, ? face down, or "
                                       "whose it is (Be) once you have seen it"
                                     : "tower 0's courtyard: its present, ? face down");
}

/* The wheel as a player uses it: which wishes lie in whose ray now. */
static void sw_wheel_text(const sw_config *c, const sw_block *b, tg_strbuf *out)
{
    unsigned lit = 0, held = sw_wheel_mask(b);
    tgS_printf(out, "Wheel at rotation %d (slot: whose wish):\n", b->rot);
    for (int g = 0; g < SW_PRINCESSES; g++) {
        if (b->player_of[g] == SW_NOWHERE)
            continue;
        unsigned ray = c->ray[g][b->rot % SW_ROTATIONS] & held;
        tgS_printf(out, "  in %s's ray:", sw_princess_words[g]);
        if (!ray)
            tgS_append(out, " nothing");
        for (int s = 0, n = 0; s < SW_SLOTS; s++)
            if ((ray >> s) & 1u)
                tgS_printf(out, "%s %d %s", n++ ? "," : "", s, sw_code(b->wheel[s] - 1));
        tgS_append(out, "\n");
        lit |= ray;
    }
    if (held & ~lit) {
        tgS_append(out, "  in no ray of a princess in play:");
        for (int s = 0, n = 0; s < SW_SLOTS; s++)
            if (((held & ~lit) >> s) & 1u)
                tgS_printf(out, "%s %d %s", n++ ? "," : "", s, sw_code(b->wheel[s] - 1));
        tgS_append(out, "\n");
    }
    if (~held & ((1u << SW_SLOTS) - 1)) {
        tgS_append(out, "  empty slots:");
        for (int s = 0; s < SW_SLOTS; s++)
            if (!((held >> s) & 1u))
                tgS_printf(out, " %d", s);
        tgS_append(out, "\n");
    }
}

static void sw_players_text(const sw_config *c, const sw_block *b, tg_strbuf *out)
{
    for (int p = 0; p < c->players; p++) {
        char where[8];
        tgS_printf(out, "Player %d (%s)", p, sw_princess_word(b->princess[p]));
        if (b->pos[p] < SW_SPACES) {
            sw_space_name(b->pos[p], where, sizeof where);
            tgS_printf(out, " on %s", where);
        }
        tgS_append(out, ": wishes");
        if (sw_hand_size(b, p) == 0)
            tgS_append(out, " none");
        for (int g = 0, n = 0; g < SW_PRINCESSES; g++)
            for (int k = 0; k < b->hand[p][g]; k++)
                tgS_printf(out, "%s %s", n++ ? "," : "", sw_codes[g]);
        if (sw_own_three(b, p))
            tgS_append(out, " (her own three: off to the castle)");
        if (b->seen[p]) {
            tgS_append(out, "; looked at tower");
            for (int t = 0; t < SW_PRINCESSES; t++)
                if ((b->seen[p] >> t) & 1u)
                    tgS_printf(out, " %d", t);
        }
        if (b->skip & (1u << p))
            tgS_append(out, "; misses her next turn");
        tgS_append(out, ".\n");
    }
}

/* What is known of each face-down present beyond the viewer's own looks:
 * for whom it is not (a look that found nothing is public). */
static void sw_presents_text(const sw_config *c, const sw_block *b, int viewer, tg_strbuf *out)
{
    if (b->present[0] >= SW_PRINCESSES)
        return;
    tgS_append(out, "Presents:");
    for (int t = 0; t < SW_PRINCESSES; t++) {
        int any = 0;
        tgS_printf(out, "%s tower %d ", t ? ";" : "", t);
        if (sw_may_see(b, viewer, t)) {
            tgS_printf(out, "%s's", sw_princess_word(b->present[t]));
            continue;
        }
        tgS_append(out, "?");
        for (int p = 0; p < c->players; p++)
            if (((b->seen[p] >> t) & 1u) && b->winner != p + 1)
                tgS_printf(out, "%s%s", any++ ? ", not " : " (not ", sw_code(b->princess[p]));
        if (any)
            tgS_append(out, ")");
    }
    tgS_append(out, ".\n");
}

static void sw_turn_text(const sw_config *c, const sw_block *b, tg_strbuf *out)
{
    int p = b->cur < SW_PRINCESSES ? b->cur : 0;
    char who[48];
    snprintf(who, sizeof who, "Player %d (%s)", p, sw_princess_word(b->princess[p]));
    switch (b->phase) {
    case SW_PH_PICK:
        tgS_printf(out, "Player %d picks a princess.\n", p);
        break;
    case SW_PH_DEAL:
        tgS_append(out, "The presents are dealt face down next.\n");
        break;
    case SW_PH_PLACE:
        tgS_printf(out, c->random_wheel ? "%s's next wish holder goes on a free slot by chance.\n"
                                        : "%s puts a wish holder on a free slot.\n", who);
        break;
    case SW_PH_START:
        tgS_printf(out, "Start rolls: %s rolls next.\n", who);
        break;
    case SW_PH_ROLL:
        tgS_printf(out, "%s rolls the die next.\n", who);
        break;
    case SW_PH_MOVE:
        tgS_printf(out, "%s rolled a %d and moves.\n", who, b->roll);
        break;
    case SW_PH_SPIN:
        tgS_printf(out, "The wheel spins next, for %s.\n", who);
        break;
    case SW_PH_TAKE:
        tgS_printf(out, "%s may take a wish from her ray (or swap one), or pass.\n", who);
        break;
    case SW_PH_TRADE:
        tgS_printf(out, "%s may trade a wish with another princess, or pass.\n", who);
        break;
    default:
        if (b->winner)
            tgS_printf(out, "Game over: player %d (%s) found her present.\n", b->winner - 1,
                       sw_princess_word(b->princess[(b->winner - 1) % SW_PRINCESSES]));
        else
            tgS_append(out, "Game over.\n");
        break;
    }
}

void sw_render_text(const void *cfg, const void *st, int viewer, tg_strbuf *out)
{
    const sw_config *c = cfg;
    const sw_block *b = st;
    sw_marks used;
    tg_canvas cv;
    memset(&used, 0, sizeof used);
    tgC_init(&cv, 2 * SW_GRID, SW_CELL * SW_GRID);
    sw_draw_spaces(c, b, &cv, &used);
    sw_draw_presents(b, viewer, &cv, &used);
    tgC_write(&cv, out);
    sw_legend(c, b, &used, out);
    tg_strbuf prose;
    tgS_init(&prose);
    if (b->phase != SW_PH_PICK)
        sw_wheel_text(c, b, &prose);
    sw_players_text(c, b, &prose);
    sw_presents_text(c, b, viewer, &prose);
    sw_turn_text(c, b, &prose);
    tgC_wrap_buffer(out, &prose, 4);
}
