/* Bewitched: the events of the last decision as a viewer saw them. Book
 * numbers are public (everyone watches the books move); pages are shown
 * only to those who have looked inside. */
#include "bewitched.h"

static json_t *bw_opt(int v)
{
    return v == BW_NONE ? json_null() : json_integer(v);
}

static json_t *bw_event_json(const bw_block *b, const uint8_t *e, int viewer)
{
    int a = e[1], c2 = e[2], c3 = e[3], c4 = e[4];
    switch (e[0]) {
    case BW_EV_SETUP: {
        json_t *o = json_pack("{s:s,s:i}", "type", "setup", "step", a);
        if (viewer == TG_VIEW_OMNISCIENT)
            json_object_set_new(o, "outcome", json_integer(c2));
        return o;
    }
    case BW_EV_ROLL:
        return json_pack("{s:s,s:[i,i],s:i}", "type", "roll", "dice", a, c2, "player", c3);
    case BW_EV_ESC_ROLL:
        return json_pack("{s:s,s:i,s:i}", "type", "escape_roll", "die", a, "frog", c2);
    case BW_EV_MOVE:
        return json_pack("{s:s,s:s,s:i,s:o,s:o}", "type", "move", "piece", a ? "cat" : "frog",
                         "id", c2, "from", bw_node_json(c3), "to", bw_node_json(c4));
    case BW_EV_TOUCH:
        return json_pack("{s:s,s:i,s:i}", "type", "touch", "snake", a, "frog", c2);
    case BW_EV_BITE:
        return json_pack("{s:s,s:i,s:i,s:b}", "type", "bite", "snake", a, "frog", c2, "saved",
                         c3);
    case BW_EV_DROP:
        return json_pack("{s:s,s:i,s:o,s:i,s:o}", "type", "drop", "frog", a, "space",
                         bw_node_json(c2), "book", c3, "page", bw_page_json(b, c3, viewer));
    case BW_EV_BUMP:
        return json_pack("{s:s,s:s,s:i,s:o,s:o}", "type", "bump", "piece", a ? "cat" : "frog",
                         "id", c2, "from", bw_node_json(c3), "to", bw_node_json(c4));
    case BW_EV_ANTIDOTE:
        return json_pack("{s:s,s:i}", "type", "antidote", "player", a);
    case BW_EV_TAKE:
        return json_pack("{s:s,s:i,s:i,s:i,s:o}", "type", "take", "frog", a, "hat", c2, "book",
                         c3, "page", bw_page_json(b, c3, viewer));
    case BW_EV_HAT_SWAP:
        return json_pack("{s:s,s:i,s:i,s:i,s:i,s:o}", "type", "hat_swap", "frog", a, "hat", c2,
                         "book", c3, "left", c4, "page", bw_page_json(b, c3, viewer));
    case BW_EV_KEEP:
        return json_pack("{s:s,s:i,s:i}", "type", "keep", "frog", a, "hat", c2);
    case BW_EV_STEAL:
        return json_pack("{s:s,s:i,s:i,s:o,s:o,s:o}", "type", "steal", "frog", a, "from", c2,
                         "book", bw_opt(c3), "given", bw_opt(c4), "page",
                         bw_page_json(b, c3, viewer));
    case BW_EV_NOSTEAL:
        return json_pack("{s:s,s:i}", "type", "nosteal", "frog", a);
    case BW_EV_PICKUP:
        return json_pack("{s:s,s:i,s:o,s:i,s:o}", "type", "pickup", "frog", a, "space",
                         bw_node_json(c2), "book", c3, "page", bw_page_json(b, c3, viewer));
    case BW_EV_LEAVE:
        return json_pack("{s:s,s:i,s:o}", "type", "leave", "frog", a, "space", bw_node_json(c2));
    case BW_EV_HOME:
        return json_pack("{s:s,s:i,s:o,s:o}", "type", "home", "frog", a, "book", bw_opt(c2),
                         "page", bw_page_json(b, c2, viewer));
    case BW_EV_WIN:
        return json_pack("{s:s,s:i,s:o}", "type", "win", "player", a, "frog", bw_opt(c2));
    case BW_EV_SKIP:
        return json_pack("{s:s,s:i,s:i}", "type", "skip", "player", a, "die", c2);
    case BW_EV_EXTRA:
        return json_pack("{s:s,s:i}", "type", "extra_turn", "player", a);
    case BW_EV_PUT:
        return json_pack("{s:s,s:i,s:i,s:i,s:o}", "type", "put", "frog", a, "hat", c2, "book",
                         c3, "page", bw_page_json(b, c3, viewer));
    default:
        return json_pack("{s:s}", "type", "end");
    }
}

json_t *bw_events(const void *vcfg, const void *st, int viewer)
{
    (void)vcfg;
    const bw_block *b = st;
    json_t *arr = json_array();
    for (int i = 0; i < b->ev_count; i++)
        json_array_append_new(arr, bw_event_json(b, b->ev[i], viewer));
    return arr;
}
