/* Bewitched: the board as data. One quadrant is written out below; the
 * other three are the same quadrant turned a quarter, a half and three
 * quarters clockwise about the centre, so every colour sees the same board. */
#include "bewitched.h"

#include <string.h>

const char *const bw_colour_names[BW_COLOURS] = {"red", "blue", "green", "yellow"};
const char bw_colour_letters[BW_COLOURS] = {'r', 'b', 'g', 'y'};

enum bw_kind { BW_K_PLAIN, BW_K_SNAKE, BW_K_PAW, BW_K_FLOWER, BW_K_HAT };

/* The bottom quadrant (red's) on the 14x14 grid, y growing downwards:
 * nine spaces of the outer ring (0..8, its right end is the corner), a spoke
 * of three spaces from the junction 6 inwards (9..11), and three spaces of
 * the inner ring round the hats (12 the corner, 13 and 14 beside hats). */
static const struct {
    uint8_t x, y, kind;
} bw_quadrant[BW_QUADRANT] = {
    {3, 11, BW_K_SNAKE}, {4, 11, BW_K_PLAIN}, {5, 11, BW_K_PAW},    {6, 11, BW_K_PLAIN},
    {7, 11, BW_K_PLAIN}, {8, 11, BW_K_PLAIN}, {9, 11, BW_K_PLAIN},  {10, 11, BW_K_SNAKE},
    {11, 11, BW_K_PAW},  {9, 10, BW_K_PLAIN}, {9, 9, BW_K_SNAKE},   {8, 9, BW_K_PLAIN},
    {8, 8, BW_K_FLOWER}, {7, 8, BW_K_HAT},    {6, 8, BW_K_HAT},
};
/* Quadrant spaces holding the paw prints and the pad's sides (the snakes'
 * are in bw_snake_space()). */
static const uint8_t bw_paw_local[2] = {2, 8};
static const uint8_t bw_pad_local[2] = {3, 4};
static const char *const bw_kind_names[] = {"plain", "snake", "paw", "flower", "hat"};

/* A quarter turn clockwise in doubled coordinates (the grid centre is 13,13). */
static void bw_turn(int *x2, int *y2, int quarters)
{
    for (int i = 0; i < quarters; i++) {
        int nx = 26 - *y2;
        *y2 = *x2;
        *x2 = nx;
    }
}

void bw_node_xy(int node, int *x2, int *y2)
{
    int q = node < BW_SPACES ? node / BW_QUADRANT : node - BW_SPACES;
    if (node < BW_SPACES) {
        *x2 = 2 * bw_quadrant[node % BW_QUADRANT].x;
        *y2 = 2 * bw_quadrant[node % BW_QUADRANT].y;
    } else {
        *x2 = 13; /* below the middle of the pad's two spaces */
        *y2 = 24;
    }
    bw_turn(x2, y2, q);
}

int bw_cat_start(int cat)
{
    return (cat / 2) * BW_QUADRANT + bw_paw_local[cat % 2];
}

/* Hat h lies beside space 14 of quadrant h and space 13 of the next one. */
int bw_hat_adjacent(int hat, int k)
{
    return k == 0 ? hat * BW_QUADRANT + 14 : ((hat + 1) % BW_HATS) * BW_QUADRANT + 13;
}

const char *bw_space_kind(int space)
{
    return bw_kind_names[bw_quadrant[space % BW_QUADRANT].kind];
}

/* Space ids by grid cell, so building the board needs no search. */
typedef struct bw_cells {
    int8_t id[BW_GRID][BW_GRID];
} bw_cells;

static void bw_fill_cells(bw_cells *cells)
{
    memset(cells->id, -1, sizeof cells->id);
    for (int s = 0; s < BW_SPACES; s++) {
        int x, y;
        bw_node_xy(s, &x, &y);
        cells->id[y / 2][x / 2] = (int8_t)s;
    }
}

static int bw_space_at(const bw_cells *cells, int x2, int y2)
{
    if (x2 < 0 || y2 < 0 || x2 >= 2 * BW_GRID || y2 >= 2 * BW_GRID || (x2 | y2) & 1)
        return -1;
    return cells->id[y2 / 2][x2 / 2];
}

static void bw_link(bw_config *cfg, int a, int b)
{
    cfg->nbr[a][cfg->nnbr[a]++] = (uint8_t)b;
}

/* Forward from cur after arriving from prev: straight on, else turn right,
 * else turn left, as a piece sliding along a painted path would. */
static int bw_forward_of(const bw_cells *cells, int prev, int cur)
{
    int px, py, cx, cy, dx, dy;
    bw_node_xy(cur, &cx, &cy);
    if (prev >= BW_SPACES) {
        /* leaving a pad: inwards, which is up for red, turned per colour */
        dx = 0;
        dy = -1;
        for (int i = 0; i < prev - BW_SPACES; i++) {
            int t = -dy;
            dy = dx;
            dx = t;
        }
    } else {
        bw_node_xy(prev, &px, &py);
        dx = (cx - px) / 2;
        dy = (cy - py) / 2;
    }
    const int cand[3][2] = {{dx, dy}, {-dy, dx}, {dy, -dx}};
    for (int i = 0; i < 3; i++) {
        int s = bw_space_at(cells, cx + 2 * cand[i][0], cy + 2 * cand[i][1]);
        if (s >= 0)
            return s;
    }
    return BW_NONE;
}

static void bw_add_routes(bw_config *cfg, int start, bw_route *path, int depth, int want,
                          int *overflow)
{
    int cur = depth == 0 ? start : path->step[depth - 1];
    if (depth == want) {
        if (cfg->route_count[start] >= BW_MAX_ROUTES) {
            *overflow = 1;
            return;
        }
        path->len = (uint8_t)want;
        cfg->routes[start][cfg->route_count[start]++] = *path;
        return;
    }
    if ((depth > 0 && cur >= BW_SPACES) || depth >= BW_MAX_DIE)
        return; /* a pad ends every route that reaches it */
    for (int k = 0; k < cfg->nnbr[cur]; k++) {
        int n = cfg->nbr[cur][k];
        int seen = n == start;
        for (int i = 0; i < depth; i++)
            seen |= path->step[i] == n;
        if (seen)
            continue;
        path->step[depth] = (uint8_t)n;
        bw_add_routes(cfg, start, path, depth + 1, want, overflow);
    }
}

static void bw_build_route_masks(bw_config *cfg, int n)
{
    for (int r = 0; r < cfg->route_count[n]; r++) {
        const bw_route *rt = &cfg->routes[n][r];
        cfg->route_inter[n][r] = 0;
        for (int i = 0; i + 1 < rt->len; i++)
            cfg->route_inter[n][r] |= (uint64_t)1 << rt->step[i];
        cfg->route_end[n][r] = (uint64_t)1 << rt->step[rt->len - 1];
        cfg->route_path[n][r] = cfg->route_inter[n][r] | cfg->route_end[n][r];
    }
    for (int d = 1; d <= BW_MAX_DIE; d++)
        for (int r = cfg->route_upto[n][d - 1]; r < cfg->route_upto[n][d]; r++)
            if (cfg->routes[n][r].step[d - 1] < BW_SPACES)
                cfg->cat_routes[n][d][r >> 6] |= (uint64_t)1 << (r & 63);
}

/* The cats' route sets as padded lists; 0 when a set is longer than a list. */
static int bw_build_cat_lists(bw_config *cfg)
{
    int longest = 0;
    memset(cfg->cat_list, 0, sizeof cfg->cat_list);
    for (int n = 0; n < BW_NODES; n++)
        for (int d = 0; d <= BW_MAX_DIE; d++) {
            int k = 0;
            for (int w = 0; w < 2; w++)
                for (uint64_t bits = cfg->cat_routes[n][d][w]; bits; bits &= bits - 1, k++)
                    if (k < BW_CAT_LIST)
                        cfg->cat_list[d][n].route[k] = (uint32_t)(64 * w + __builtin_ctzll(bits));
            for (int i = k; i < BW_CAT_LIST && k; i++)
                cfg->cat_list[d][n].route[i] = cfg->cat_list[d][n].route[k - 1];
            cfg->cat_list[d][n].count = (uint32_t)(k < BW_CAT_LIST ? k : BW_CAT_LIST);
            longest = k > longest ? k : longest;
        }
    return longest <= BW_CAT_LIST;
}

static void bw_build_easy_tables(bw_config *cfg)
{
    for (int c = 0; c < BW_COLOURS; c++)
        for (int n = 0; n < BW_NODES; n++)
            cfg->pad_steps[c][n] = (uint8_t)bw_steps_between(cfg, n, (uint64_t)1 << BW_PAD(c));
}

static void bw_build_snake_spaces(bw_config *cfg)
{
    for (int q = 0; q < BW_COLOURS; q++)
        for (int gone = 0; gone < 8; gone++) {
            cfg->snake_spaces[q][gone] = 0;
            for (int i = 0; i < 3; i++)
                if (!((gone >> i) & 1))
                    cfg->snake_spaces[q][gone] |= cfg->snake_bit[3 * q + i];
        }
}

static void bw_build_masks(bw_config *cfg)
{
    cfg->stop_mask = 0;
    cfg->pad_mask = 0;
    memset(cfg->link_mask, 0, sizeof cfg->link_mask);
    memset(cfg->hat_spaces, 0, sizeof cfg->hat_spaces);
    for (int n = 0; n < BW_NODES; n++) {
        for (int k = 0; k < cfg->nnbr[n]; k++)
            cfg->link_mask[n] |= (uint64_t)1 << cfg->nbr[n][k];
        if (n < BW_SPACES && cfg->hat_of[n] != BW_NONE)
            cfg->hat_spaces[cfg->hat_of[n]] |= (uint64_t)1 << n;
    }
    memset(cfg->space_bit, 0, sizeof cfg->space_bit);
    for (int n = 0; n < BW_SPACES; n++)
        cfg->space_bit[n] = (uint64_t)1 << n;
    memset(cfg->cat_routes, 0, sizeof cfg->cat_routes);
    for (int n = 0; n < BW_NODES; n++) {
        cfg->nbr_mask[n] = 0;
        for (int k = 0; k < cfg->nnbr[n]; k++)
            if (cfg->nbr[n][k] < BW_SPACES)
                cfg->nbr_mask[n] |= (uint64_t)1 << cfg->nbr[n][k];
        if (n < BW_SPACES && (cfg->flower[n] || cfg->hat_of[n] != BW_NONE))
            cfg->stop_mask |= (uint64_t)1 << n;
        if (n >= BW_SPACES)
            cfg->pad_mask |= (uint64_t)1 << n;
        bw_build_route_masks(cfg, n);
    }
    bw_build_snake_spaces(cfg);
    bw_build_easy_tables(cfg);
}

tg_status bw_build_board(bw_config *cfg, tg_msg *msg)
{
    bw_cells cells;
    bw_fill_cells(&cells);
    memset(cfg->nbr, BW_NONE, sizeof cfg->nbr);
    memset(cfg->fwd, BW_NONE, sizeof cfg->fwd);
    memset(cfg->nnbr, 0, sizeof cfg->nnbr);
    memset(cfg->hat_of, BW_NONE, sizeof cfg->hat_of);
    memset(cfg->flower, 0, sizeof cfg->flower);
    memset(cfg->snake_at, BW_NONE, sizeof cfg->snake_at);
    for (int s = 0; s < BW_SPACES; s++) {
        int x, y;
        bw_node_xy(s, &x, &y);
        static const int dirs[4][2] = {{0, -1}, {1, 0}, {0, 1}, {-1, 0}};
        for (int d = 0; d < 4; d++) {
            int n = bw_space_at(&cells, x + 2 * dirs[d][0], y + 2 * dirs[d][1]);
            if (n >= 0)
                bw_link(cfg, s, n);
        }
        cfg->flower[s] = bw_quadrant[s % BW_QUADRANT].kind == BW_K_FLOWER;
    }
    for (int c = 0; c < BW_COLOURS; c++)
        for (int k = 0; k < 2; k++) {
            int s = c * BW_QUADRANT + bw_pad_local[k];
            bw_link(cfg, BW_PAD(c), s);
            bw_link(cfg, s, BW_PAD(c));
        }
    for (int h = 0; h < BW_HATS; h++)
        for (int k = 0; k < 2; k++)
            cfg->hat_of[bw_hat_adjacent(h, k)] = (uint8_t)h;
    for (int i = 0; i < BW_SNAKES; i++) {
        cfg->snake_at[bw_snake_space(i)] = (uint8_t)i;
        cfg->snake_bit[i] = (uint64_t)1 << bw_snake_space(i);
    }
    for (int n = 0; n < BW_NODES; n++)
        for (int k = 0; k < cfg->nnbr[n]; k++)
            if (n < BW_SPACES)
                cfg->fwd[n][k] = (uint8_t)bw_forward_of(&cells, cfg->nbr[n][k], n);
    int overflow = 0;
    for (int n = 0; n < BW_NODES; n++) {
        cfg->route_count[n] = 0;
        bw_route path;
        memset(&path, 0, sizeof path);
        cfg->route_upto[n][0] = 0;
        for (int len = 1; len <= BW_MAX_DIE; len++) {
            bw_add_routes(cfg, n, &path, 0, len, &overflow);
            cfg->route_upto[n][len] = (uint8_t)cfg->route_count[n];
        }
    }
    bw_build_masks(cfg);
    if (overflow) {
        tgM_set(msg, "board has more than %d routes from one space", BW_MAX_ROUTES);
        return TG_E_INVALID_ARGUMENT;
    }
    if (!bw_build_cat_lists(cfg)) {
        tgM_set(msg, "a cat has more than %d routes for one die", BW_CAT_LIST);
        return TG_E_INVALID_ARGUMENT;
    }
    return TG_OK;
}

json_t *bw_board_json(const void *vcfg)
{
    const bw_config *cfg = vcfg;
    json_t *spaces = json_array();
    for (int s = 0; s < BW_SPACES; s++) {
        int x, y;
        bw_node_xy(s, &x, &y);
        json_t *nb = json_array();
        for (int k = 0; k < cfg->nnbr[s]; k++)
            json_array_append_new(nb, bw_node_json(cfg->nbr[s][k]));
        json_t *o = json_pack("{s:i,s:s,s:f,s:f,s:o}", "id", s + 1, "kind", bw_space_kind(s),
                              "x", x / 2.0, "y", y / 2.0, "neighbours", nb);
        if (cfg->hat_of[s] != BW_NONE)
            json_object_set_new(o, "hat", json_integer(cfg->hat_of[s]));
        json_array_append_new(spaces, o);
    }
    json_t *pads = json_array();
    for (int c = 0; c < BW_COLOURS; c++) {
        int x, y;
        bw_node_xy(BW_PAD(c), &x, &y);
        json_t *nb = json_array();
        for (int k = 0; k < cfg->nnbr[BW_PAD(c)]; k++)
            json_array_append_new(nb, json_integer(cfg->nbr[BW_PAD(c)][k] + 1));
        json_array_append_new(pads, json_pack("{s:s,s:f,s:f,s:o}", "colour", bw_colour_names[c],
                                              "x", x / 2.0, "y", y / 2.0, "neighbours", nb));
    }
    json_t *hats = json_array();
    for (int h = 0; h < BW_HATS; h++) {
        int x = 12, y = 14; /* hat 0 sits at grid cell (6,7) */
        bw_turn(&x, &y, h);
        json_array_append_new(hats, json_pack("{s:i,s:f,s:f,s:[i,i]}", "hat", h, "x", x / 2.0,
                                              "y", y / 2.0, "beside",
                                              bw_hat_adjacent(h, 0) + 1,
                                              bw_hat_adjacent(h, 1) + 1));
    }
    return json_pack("{s:o,s:o,s:o,s:i,s:i}", "spaces", spaces, "pads", pads, "hats", hats,
                     "width", BW_GRID, "height", BW_GRID);
}
