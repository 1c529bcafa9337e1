/* JSON spellings shared by the save form and the views, so that a princess,
 * a space or a hand reads the same wherever it appears. */
#include "spinning_wishes.h"

json_t *sw_json_princess(int princess)
{
    return princess >= 0 && princess < SW_PRINCESSES ? json_string(sw_princess_names[princess])
                                                     : json_null();
}

json_t *sw_json_space(int space)
{
    char name[8];
    if (space < 0 || space >= SW_SPACES)
        return json_null();
    sw_space_name(space, name, sizeof name);
    return json_string(name);
}

json_t *sw_json_bits(unsigned mask, int count)
{
    json_t *a = json_array();
    for (int i = 0; i < count; i++)
        if (mask & (1u << i))
            json_array_append_new(a, json_integer(i));
    return a;
}

json_t *sw_json_hand(const sw_block *b, int player)
{
    json_t *w = json_array();
    for (int g = 0; g < SW_PRINCESSES; g++)
        for (int k = 0; k < b->hand[player][g]; k++)
            json_array_append_new(w, json_string(sw_princess_names[g]));
    return w;
}

void sw_json_turn_fields(json_t *o, const sw_block *b)
{
    json_object_set_new(o, "phase", json_string(sw_phase_names[b->phase]));
    json_object_set_new(o, "turn", json_integer(b->cur));
    json_object_set_new(o, "roll", json_integer(b->roll));
    json_object_set_new(o, "winner", b->winner ? json_integer(b->winner - 1) : json_null());
}
