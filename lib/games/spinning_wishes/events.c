/* Spinning Wishes: the events of the last decision as a viewer saw them.
 * The presents are the only secret: the deal shows only to the omniscient
 * viewer, a look's present only to the looker, and the winner's to all. */
#include "spinning_wishes.h"

#include <stdio.h>

#include "core/event_text.h"

static json_t *sw_event_json(const sw_block *b, const sw_event *e, int viewer)
{
    static const char *const names[SW_E_COUNT] = {
        "none", "pick", "deal", "place", "start_roll", "first", "tie", "roll", "move",
        "miss_turn", "roll_again", "spin", "take", "swap", "trade", "look", "win", "lost_turn"
    };
    json_t *o = json_object();
    json_object_set_new(o, "type", json_string(names[e->type]));
    if (e->type == SW_E_DEAL) {
        if (viewer == TG_VIEW_OMNISCIENT) {
            json_t *pr = json_array();
            for (int t = 0; t < SW_PRINCESSES; t++)
                json_array_append_new(pr, sw_json_princess(sw_deals[e->a][t]));
            json_object_set_new(o, "presents", pr);
        }
        return o;
    }
    if (e->type == SW_E_TIE) {
        json_object_set_new(o, "players", sw_json_bits(e->a, SW_PRINCESSES));
        json_object_set_new(o, "value", json_integer(e->b));
        return o;
    }
    json_object_set_new(o, "player", json_integer(e->a));
    switch (e->type) {
    case SW_E_PICK:
        json_object_set_new(o, "princess", sw_json_princess(e->b));
        break;
    case SW_E_PLACE:
    case SW_E_TAKE:
        json_object_set_new(o, "slot", json_integer(e->b));
        json_object_set_new(o, "wish", sw_json_princess(e->c));
        break;
    case SW_E_START_ROLL:
    case SW_E_FIRST:
    case SW_E_ROLL:
        json_object_set_new(o, "value", json_integer(e->b));
        break;
    case SW_E_MOVE:
        json_object_set_new(o, "from", sw_json_space(e->b));
        json_object_set_new(o, "to", sw_json_space(e->c));
        break;
    case SW_E_SPIN:
        json_object_set_new(o, "rotation", json_integer(e->b));
        break;
    case SW_E_SWAP:
        json_object_set_new(o, "slot", json_integer(e->b));
        json_object_set_new(o, "gave", sw_json_princess(e->c / 4));
        json_object_set_new(o, "took", sw_json_princess(e->c % 4));
        break;
    case SW_E_TRADE:
        json_object_set_new(o, "with", json_integer(e->b));
        json_object_set_new(o, "gave", sw_json_princess(e->c / 4));
        json_object_set_new(o, "took", sw_json_princess(e->c % 4));
        break;
    case SW_E_LOOK:
    case SW_E_WIN:
        json_object_set_new(o, "tower", json_integer(e->b));
        json_object_set_new(o, "found", json_boolean(e->c == b->princess[e->a]));
        if (e->type == SW_E_WIN || viewer == TG_VIEW_OMNISCIENT || viewer == e->a)
            json_object_set_new(o, "present", sw_json_princess(e->c));
        break;
    default:
        break;
    }
    return o;
}

/* ---- the sentence of each event ------------------------------------------ */

/* "Player 0 (Snow White)", to start a sentence. */
static void sw_seat_words(const sw_block *b, int p, char *out, size_t cap)
{
    if (p >= 0 && p < SW_PRINCESSES && b->princess[p] < SW_PRINCESSES)
        snprintf(out, cap, "Player %d (%s)", p, sw_princess_words[b->princess[p]]);
    else
        snprintf(out, cap, "Player %d", p);
}

/* "slot 3 (Cinderella's wish), slot 4 (Belle's wish)": the wishes on the
 * wheel that lie in princess g's ray at the wheel's rotation. */
static void sw_ray_words(const sw_config *c, const sw_block *b, int g, char *out, size_t cap)
{
    size_t used = 0;
    out[0] = '\0';
    for (int s = 0; s < SW_SLOTS && g < SW_PRINCESSES; s++) {
        if (!b->wheel[s] || !((c->ray[g][b->rot % SW_ROTATIONS] >> s) & 1u))
            continue;
        int n = snprintf(out + used, cap - used, "%sslot %d (%s's wish)", used ? ", " : "", s,
                         sw_princess_word(b->wheel[s] - 1));
        if (n < 0 || (size_t)n >= cap - used)
            return;
        used += (size_t)n;
    }
}

static void sw_deal_text(const sw_event *e, int viewer, json_t *o)
{
    if (viewer != TG_VIEW_OMNISCIENT) {
        tgE_text(o, "The presents were dealt face down, one to each tower.");
        return;
    }
    const uint8_t *d = sw_deals[e->a % SW_DEALS];
    tgE_text(o, "The presents were dealt: tower 0 %s's, tower 1 %s's, tower 2 %s's, tower 3 %s's.",
             sw_princess_word(d[0]), sw_princess_word(d[1]), sw_princess_word(d[2]),
             sw_princess_word(d[3]));
}

static void sw_tie_text(const sw_event *e, json_t *o)
{
    char who[64] = "";
    size_t used = 0;
    for (int p = 0; p < SW_PRINCESSES; p++)
        if ((e->a >> p) & 1u)
            used += (size_t)snprintf(who + used, sizeof who - used, "%s%d", used ? ", " : "", p);
    tgE_text(o, "Players %s tied with the highest start roll, %d, and roll again.", who, e->b);
}

static void sw_event_text(const sw_config *c, const sw_block *b, const sw_event *e, int viewer,
                          json_t *o)
{
    char seat[40], from[8], to[8], ray[200];
    int give = e->c / 4, got = e->c % 4;
    sw_seat_words(b, e->a, seat, sizeof seat);
    switch (e->type) {
    case SW_E_PICK:
        tgE_text(o, "Player %d plays %s.", e->a, sw_princess_word(e->b));
        return;
    case SW_E_DEAL:
        sw_deal_text(e, viewer, o);
        return;
    case SW_E_PLACE:
        tgE_text(o, "%s put a wish holder on slot %d.", seat, e->b);
        return;
    case SW_E_START_ROLL:
        tgE_text(o, "%s rolled a %d to start.", seat, e->b);
        return;
    case SW_E_FIRST:
        tgE_text(o, "%s has the highest start roll, %d, and begins.", seat, e->b);
        return;
    case SW_E_TIE:
        sw_tie_text(e, o);
        return;
    case SW_E_ROLL:
        tgE_text(o, "%s rolled a %d.", seat, e->b);
        return;
    case SW_E_MOVE:
        sw_space_name(e->b, from, sizeof from);
        sw_space_name(e->c, to, sizeof to);
        tgE_text(o, "%s moved from %s to %s.", seat, from, to);
        return;
    case SW_E_MISS:
        tgE_text(o, "%s landed on Miss a Turn: her next turn is lost.", seat);
        return;
    case SW_E_AGAIN:
        tgE_text(o, "%s landed on Roll Again and takes another turn.", seat);
        return;
    case SW_E_SPIN:
        sw_ray_words(c, b, e->a < SW_PRINCESSES ? b->princess[e->a] : SW_PRINCESSES, ray,
                     sizeof ray);
        if (ray[0] != '\0')
            tgE_text(o, "The wheel stopped at rotation %d; in %s's ray: %s.", e->b,
                     sw_princess_word(e->a < SW_PRINCESSES ? b->princess[e->a] : -1), ray);
        else
            tgE_text(o, "The wheel stopped at rotation %d with no wish in %s's ray.", e->b,
                     sw_princess_word(e->a < SW_PRINCESSES ? b->princess[e->a] : -1));
        return;
    case SW_E_TAKE:
        tgE_text(o, "%s took %s's wish from slot %d.", seat, sw_princess_word(e->c), e->b);
        return;
    case SW_E_SWAP:
        tgE_text(o, "%s put %s's wish on slot %d and took %s's wish from it.", seat,
                 sw_princess_word(give), e->b, sw_princess_word(got));
        return;
    case SW_E_TRADE:
        tgE_text(o, "%s gave %s's wish to player %d for %s's wish.", seat, sw_princess_word(give),
                 e->b, sw_princess_word(got));
        return;
    case SW_E_LOOK:
        if (e->a < SW_PRINCESSES && e->c == b->princess[e->a])
            tgE_text(o, "%s looked under the present at tower %d: it is her own.", seat, e->b);
        else if (viewer == TG_VIEW_OMNISCIENT || viewer == e->a)
            tgE_text(o, "%s looked under the present at tower %d: it is %s's, not hers.", seat,
                     e->b, sw_princess_word(e->c));
        else
            tgE_text(o, "%s looked under the present at tower %d: it is not hers.", seat, e->b);
        return;
    case SW_E_WIN:
        tgE_text(o, "%s found her own present at tower %d and wins.", seat, e->b);
        return;
    case SW_E_SKIP:
        tgE_text(o, "%s misses this turn.", seat);
        return;
    default:
        return;
    }
}

json_t *sw_events(const void *cfg, const void *st, int viewer)
{
    const sw_block *b = st;
    json_t *a = json_array();
    for (int i = 0; i < b->nevents && i < SW_EVENTS_MAX; i++) {
        json_t *o = sw_event_json(b, &b->events[i], viewer);
        sw_event_text(cfg, b, &b->events[i], viewer, o);
        json_array_append_new(a, o);
    }
    return a;
}
