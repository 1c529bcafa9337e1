/* Board data of Spinning Wishes: our own design, since the rulebook does not
 * give the spaces. Every quarter of the board is the same (turned by 90
 * degrees) and mirror-symmetric, so no gate is better placed than another.
 *
 * Layout on a grid: the outer edge is the border of an 11x11 square with the
 * four gates at its corners; the castle ring is the border of the 7x7 square
 * inside it, with the halls at its corners and the three spaces of each
 * tower in the middle of each castle wall; the wheel turns in the middle. */
#include <stdio.h>
#include <string.h>

#include "spinning_wishes.h"

const char *const sw_princess_names[SW_PRINCESSES + 1] = {
    "snow", "cinder", "belle", "beauty", NULL
};
/* For sentences and drawings. */
const char *const sw_princess_words[SW_PRINCESSES] = {"Snow White", "Cinderella", "Belle",
                                                      "Sleeping Beauty"};

const char *sw_princess_word(int princess)
{
    return princess >= 0 && princess < SW_PRINCESSES ? sw_princess_words[princess]
                                                     : "no princess yet";
}

const char *const sw_kind_names[SW_K_COUNT + 1] = {
    "gate", "blank", "wheel", "trade", "roll_again", "miss_turn", "hall", "path", "tower", NULL
};

const char *const sw_phase_names[SW_PH_COUNT + 1] = {
    "pick", "deal", "place", "start", "roll", "move", "spin", "take", "trade", "over", NULL
};

/* Kinds of the outer spaces of one quarter, from the gate clockwise. */
static const uint8_t sw_loop_quarter[SW_LOOP_QUARTER] = {
    SW_K_GATE, SW_K_BLANK, SW_K_WHEEL, SW_K_TRADE, SW_K_AGAIN,
    SW_K_MISS, SW_K_AGAIN, SW_K_TRADE, SW_K_WHEEL, SW_K_BLANK
};

static const uint8_t sw_castle_quarter[SW_CASTLE_QUARTER] = {
    SW_K_HALL, SW_K_PATH, SW_K_TOWER, SW_K_TOWER, SW_K_TOWER, SW_K_PATH
};

/* The 24 orders of the four presents on towers 0..3, in lexicographic order. */
const uint8_t sw_deals[SW_DEALS][SW_PRINCESSES] = {
    {0, 1, 2, 3}, {0, 1, 3, 2}, {0, 2, 1, 3}, {0, 2, 3, 1}, {0, 3, 1, 2}, {0, 3, 2, 1},
    {1, 0, 2, 3}, {1, 0, 3, 2}, {1, 2, 0, 3}, {1, 2, 3, 0}, {1, 3, 0, 2}, {1, 3, 2, 0},
    {2, 0, 1, 3}, {2, 0, 3, 1}, {2, 1, 0, 3}, {2, 1, 3, 0}, {2, 3, 0, 1}, {2, 3, 1, 0},
    {3, 0, 1, 2}, {3, 0, 2, 1}, {3, 1, 0, 2}, {3, 1, 2, 0}, {3, 2, 0, 1}, {3, 2, 1, 0},
};

/* A holder covers 20 degrees of the wheel's rim and a ray 60 degrees; the
 * holder counts as inside when the two arcs overlap, i.e. when its centre is
 * less than 40 degrees (5 steps of 7.5) from the ray's centre. That puts two
 * or three slots in every ray and leaves one slot in twelve outside all. */
#define SW_RAY_REACH 5

/* Counts stop r (its ray already set) in the group of its ray. */
static void sw_ray_group_add(sw_config *cfg, int g, int r)
{
    sw_ray_group *group = cfg->ray_group[g];
    int n = cfg->ray_groups[g], i = 0;
    while (i < n && group[i].mask != cfg->ray[g][r])
        i++;
    if (i == n) {
        group[i].mask = cfg->ray[g][r];
        group[i].first = cfg->ray_first[g][r];
        group[i].stops = 0;
        group[i].rot = (uint8_t)r;
        cfg->ray_groups[g] = (uint8_t)(n + 1);
    }
    group[i].stops++;
}

static void sw_rays_setup(sw_config *cfg)
{
    for (int g = 0; g < SW_PRINCESSES; g++)
        for (int r = 0; r < SW_ROTATIONS; r++) {
            uint16_t mask = 0;
            for (int s = 0; s < SW_SLOTS; s++) {
                int d = (4 * s + r - 12 * g + 2 * SW_ROTATIONS) % SW_ROTATIONS;
                if (d > SW_ROTATIONS / 2)
                    d -= SW_ROTATIONS;
                if (d >= -SW_RAY_REACH && d <= SW_RAY_REACH)
                    mask |= (uint16_t)(1u << s);
            }
            cfg->ray[g][r] = mask;
            cfg->ray_first[g][r] = (uint8_t)((sw_ray_code(mask) - 1) / 4);
            sw_ray_group_add(cfg, g, r);
        }
}

/* The tables ray.c reads a spin's outcomes from (sw_config says what each
 * holds); everything is derived from the groups above. */
static void sw_ray_tables_setup(sw_config *cfg)
{
    /* Snow White's stops around slot 2 (slots 0..4), which stand for any
     * slot and princess (ray.c says why). */
    const sw_ray_group *group = cfg->ray_group[0];
    for (unsigned near = 0; near < 32; near++)
        for (int i = 0; i < cfg->ray_groups[0]; i++) {
            unsigned code = sw_ray_code_from(group[i].first, group[i].mask & near);
            if (code == 0 || (code - 1) / 4 != 2)
                continue;
            cfg->ray_stops[near][(code - 1) % 4] += group[i].stops;
            cfg->ray_ks[near] |= (uint8_t)(1u << (code - 1) % 4);
            cfg->ray_placed[near] += group[i].stops;
        }
    for (unsigned near = 0; near < 256; near++)
        for (unsigned j = 0; j < 4; j++)
            cfg->ray_placed4[near] += cfg->ray_placed[(near >> j) & 31u];
    for (unsigned near = 0; near < 32; near++)
        for (int r = 0; r < SW_ROTATIONS; r++) {
            unsigned code = sw_ray_code_from(cfg->ray_first[0][r], cfg->ray[0][r] & near);
            if (code != 0 && (code - 1) / 4 == 2)
                cfg->ray_rots[near][(code - 1) % 4] |= (uint64_t)1 << r;
        }
}

void sw_board_setup(sw_config *cfg)
{
    for (int i = 0; i < SW_LOOP; i++) {
        cfg->kind[i] = sw_loop_quarter[i % SW_LOOP_QUARTER];
        cfg->tower_of[i] = -1;
    }
    for (int j = 0; j < SW_CASTLE; j++) {
        int k = j % SW_CASTLE_QUARTER;
        cfg->kind[SW_LOOP + j] = sw_castle_quarter[k];
        cfg->tower_of[SW_LOOP + j] =
            (int8_t)(sw_castle_quarter[k] == SW_K_TOWER ? j / SW_CASTLE_QUARTER : -1);
    }
    for (int i = 0; i < 2 * SW_LOOP; i++)
        cfg->ring[i] = (uint8_t)(i % SW_LOOP);
    for (int i = 0; i < 2 * SW_LOOP; i++)
        cfg->ring_bit[i] = (uint64_t)1 << (i % SW_LOOP);
    for (int i = 0; i < SW_LOOP; i++)
        cfg->edge_bit[i] = (uint64_t)1 << i;
    for (int g = 0; g < SW_PRINCESSES; g++)
        cfg->own_three_hand[g] = (uint32_t)SW_WISHES_EACH << (8 * g);
    static const uint8_t players_decide[] = {SW_PH_PICK, SW_PH_MOVE, SW_PH_TAKE, SW_PH_TRADE,
                                             SW_PH_PLACE};
    for (int ph = 0; ph < SW_PH_COUNT; ph++)
        cfg->who[ph] = TG_PLAYER_CHANCE;
    cfg->who[SW_PH_OVER] = TG_PLAYER_TERMINAL;
    for (size_t i = 0; i < sizeof players_decide; i++) {
        int ph = players_decide[i];
        if (ph == SW_PH_PLACE && cfg->random_wheel)
            continue;
        cfg->who[ph] = 0;
        cfg->who_cur[ph] = 0xff;
    }
    /* The die and, with spin=rotation, the wheel's 48 stops. */
    cfg->uniform_count[SW_PH_ROLL] = SW_DIE;
    cfg->uniform_count[SW_PH_SPIN] = cfg->spin_ray ? 0 : SW_ROTATIONS;
    sw_rays_setup(cfg);
    sw_ray_tables_setup(cfg);
    sw_steps_setup(cfg);
}

int sw_gate_of(int princess)
{
    return princess * SW_LOOP_QUARTER;
}

int sw_hall_of_gate(int space)
{
    return SW_LOOP + (space / SW_LOOP_QUARTER) * SW_CASTLE_QUARTER;
}

/* One side of a square border, walked clockwise from its top-left corner. */
static void sw_border_xy(int index, int side_len, double origin, double *x, double *y)
{
    int side = index / side_len, k = index % side_len;
    double far = origin + side_len;
    switch (side) {
    case 0: *x = origin + k; *y = origin; break;
    case 1: *x = far; *y = origin + k; break;
    case 2: *x = far - k; *y = far; break;
    default: *x = origin; *y = far - k; break;
    }
}

void sw_space_xy(int space, double *x, double *y)
{
    if (space < SW_LOOP)
        sw_border_xy(space, SW_LOOP_QUARTER, 0.0, x, y);
    else
        sw_border_xy(space - SW_LOOP, SW_CASTLE_QUARTER, 2.0, x, y);
}

void sw_space_name(int space, char *buf, size_t cap)
{
    if (space < SW_LOOP)
        snprintf(buf, cap, "%d", space);
    else
        snprintf(buf, cap, "c%d", space - SW_LOOP);
}

/* The inverse of sw_space_name; -1 for anything else. */
int sw_space_parse(const char *name)
{
    for (int sp = 0; sp < SW_SPACES; sp++) {
        char buf[8];
        sw_space_name(sp, buf, sizeof buf);
        if (strcmp(buf, name) == 0)
            return sp;
    }
    return -1;
}

/* Courtyards lie just inside the middle of each castle wall. */
const double sw_courtyard_xy[SW_PRINCESSES][2] = {{5, 3}, {7, 5}, {5, 7}, {3, 5}};

static json_t *sw_space_json(const sw_config *c, int sp)
{
    char name[8], nb[8];
    double x, y;
    sw_space_name(sp, name, sizeof name);
    sw_space_xy(sp, &x, &y);
    json_t *o = json_object();
    json_object_set_new(o, "id", json_string(name));
    json_object_set_new(o, "kind", json_string(sw_kind_names[c->kind[sp]]));
    json_object_set_new(o, "x", json_real(x));
    json_object_set_new(o, "y", json_real(y));
    json_t *next = json_array();
    int ring = sp < SW_LOOP ? SW_LOOP : SW_CASTLE, base = sp < SW_LOOP ? 0 : SW_LOOP;
    int i = sp - base;
    sw_space_name(base + (i + 1) % ring, nb, sizeof nb);
    json_array_append_new(next, json_string(nb));
    sw_space_name(base + (i + ring - 1) % ring, nb, sizeof nb);
    json_array_append_new(next, json_string(nb));
    if (c->kind[sp] == SW_K_GATE) {
        sw_space_name(sw_hall_of_gate(sp), nb, sizeof nb);
        json_array_append_new(next, json_string(nb));
        json_object_set_new(o, "princess", json_string(sw_princess_names[sp / SW_LOOP_QUARTER]));
    }
    json_object_set_new(o, "neighbours", next);
    if (c->tower_of[sp] >= 0)
        json_object_set_new(o, "tower", json_integer(c->tower_of[sp]));
    return o;
}

json_t *sw_board_json(const void *cfg)
{
    const sw_config *c = cfg;
    json_t *root = json_object();
    json_t *spaces = json_array();
    for (int sp = 0; sp < SW_SPACES; sp++)
        json_array_append_new(spaces, sw_space_json(c, sp));
    json_object_set_new(root, "spaces", spaces);
    json_t *towers = json_array();
    for (int t = 0; t < SW_PRINCESSES; t++) {
        json_t *o = json_object();
        json_object_set_new(o, "tower", json_integer(t));
        json_object_set_new(o, "courtyard_x", json_real(sw_courtyard_xy[t][0]));
        json_object_set_new(o, "courtyard_y", json_real(sw_courtyard_xy[t][1]));
        json_array_append_new(towers, o);
    }
    json_object_set_new(root, "towers", towers);
    json_t *wheel = json_object();
    json_object_set_new(wheel, "x", json_real(5.0));
    json_object_set_new(wheel, "y", json_real(5.0));
    json_object_set_new(wheel, "slots", json_integer(SW_SLOTS));
    json_object_set_new(wheel, "rotations", json_integer(SW_ROTATIONS));
    json_object_set_new(wheel, "degrees_per_rotation_step", json_real(360.0 / SW_ROTATIONS));
    json_object_set_new(wheel, "holder_width_degrees", json_real(20.0));
    json_object_set_new(wheel, "ray_width_degrees", json_real(60.0));
    json_t *rays = json_array();
    for (int g = 0; g < SW_PRINCESSES; g++) {
        json_t *o = json_object();
        json_object_set_new(o, "princess", json_string(sw_princess_names[g]));
        json_object_set_new(o, "centre_degrees", json_real(90.0 * g));
        json_array_append_new(rays, o);
    }
    json_object_set_new(wheel, "rays", rays);
    json_object_set_new(root, "wheel", wheel);
    return root;
}
