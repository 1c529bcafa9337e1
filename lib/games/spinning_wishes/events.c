/* Spinning Wishes: the events of the last decision as a viewer saw them.
 * The presents are the only secret: the deal shows only to the omniscient
 * viewer, a look's present only to the looker, and the winner's to all. */
#include "spinning_wishes.h"

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

json_t *sw_events(const void *cfg, const void *st, int viewer)
{
    (void)cfg;
    const sw_block *b = st;
    json_t *a = json_array();
    for (int i = 0; i < b->nevents && i < SW_EVENTS_MAX; i++)
        json_array_append_new(a, sw_event_json(b, &b->events[i], viewer));
    return a;
}
