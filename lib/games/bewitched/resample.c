/* Bewitched: redraw what a player cannot know — the prince's book among the
 * books they have not looked at, the plain frogs and the deadly snakes —
 * uniformly among the assignments that agree with every bite and every
 * touch without a bite the table has seen. */
#include "bewitched.h"

static uint32_t bw_choose(int n, int k)
{
    if (k < 0 || k > n)
        return 0;
    uint32_t c = 1;
    for (int i = 1; i <= k; i++)
        c = c * (uint32_t)(n - k + i) / (uint32_t)i;
    return c;
}

/* Picks need of the snakes in mask uniformly and adds them to deadly. */
static void bw_pick_snakes(uint16_t mask, int need, uint8_t *deadly, tg_rng *rng)
{
    int left = 0;
    for (int s = 0; s < BW_SNAKES; s++)
        left += (mask >> s) & 1;
    for (int s = 0; s < BW_SNAKES && need > 0; s++) {
        if (!((mask >> s) & 1))
            continue;
        if ((int)tgR_below(rng, (uint32_t)left) < need) {
            bw_set_bit(deadly, s, 1);
            need--;
        }
        left--;
    }
}

static void bw_resample_setup(const bw_config *cfg, bw_block *b, tg_rng *rng)
{
    if (b->setup_step > 0)
        b->prince = (uint8_t)tgR_below(rng, BW_BOOKS);
    for (int p = 0; p < cfg->players && p + 1 < b->setup_step; p++)
        b->plain[p] = (uint8_t)tgR_below(rng, BW_FROGS_PER_PLAYER);
    int drawn = b->setup_step - 1 - cfg->players;
    if (drawn <= 0)
        return;
    /* The first snakes of a uniform set of seven, as the draw made them. */
    uint8_t all[2] = {0, 0};
    bw_pick_snakes(0xFFF, BW_DEADLY, all, rng);
    b->deadly[0] = b->deadly[1] = 0;
    for (int s = 0; s < drawn; s++)
        bw_set_bit(b->deadly, s, bw_bit(all, s));
}

/* Weight of one choice of plain frogs: the ways to place the deadly snakes
 * left unknown, none of them touched without a bite by a magnetic frog. */
static uint32_t bw_combo_weight(const bw_config *cfg, const bw_block *b, const uint8_t *plain,
                                uint16_t *free_out, int *need_out)
{
    uint16_t magnetic = 0;
    for (int p = 0; p < cfg->players; p++)
        for (int k = 0; k < BW_FROGS_PER_PLAYER; k++)
            if (k != plain[p])
                magnetic = (uint16_t)(magnetic | (1u << (p * BW_FROGS_PER_PLAYER + k)));
    uint16_t free_snakes = 0;
    int gone = 0;
    for (int s = 0; s < BW_SNAKES; s++) {
        uint16_t touched = (uint16_t)(b->touched[s][0] | (b->touched[s][1] << 8));
        int harmless = (touched & magnetic) != 0;
        if (bw_bit(b->gone, s)) {
            gone++;
            if (harmless)
                return 0;
        } else if (!harmless) {
            free_snakes = (uint16_t)(free_snakes | (1u << s));
        }
    }
    int n = 0;
    for (int s = 0; s < BW_SNAKES; s++)
        n += (free_snakes >> s) & 1;
    *free_out = free_snakes;
    *need_out = BW_DEADLY - gone;
    return bw_choose(n, BW_DEADLY - gone);
}

/* Walks every choice of plain frogs (at most 3^4) in a fixed order; with
 * pick set, stops at the choice where the running weight passes *pick. */
static uint32_t bw_walk_combos(const bw_config *cfg, bw_block *b, uint32_t *pick,
                               uint8_t *chosen, uint16_t *free_out, int *need_out)
{
    uint32_t total = 0;
    int combos = 1;
    for (int p = 0; p < cfg->players; p++)
        combos *= BW_FROGS_PER_PLAYER;
    for (int c = 0; c < combos; c++) {
        uint8_t plain[BW_MAX_PLAYERS] = {0};
        int v = c, ok = 1;
        for (int p = 0; p < cfg->players; p++) {
            plain[p] = (uint8_t)(v % BW_FROGS_PER_PLAYER);
            v /= BW_FROGS_PER_PLAYER;
            ok &= !bw_bit(b->magnetic_known, p * BW_FROGS_PER_PLAYER + plain[p]);
        }
        if (!ok)
            continue;
        uint16_t fr;
        int need;
        uint32_t w = bw_combo_weight(cfg, b, plain, &fr, &need);
        if (pick && w > *pick) {
            for (int p = 0; p < BW_MAX_PLAYERS; p++)
                chosen[p] = plain[p];
            *free_out = fr;
            *need_out = need;
            return total;
        }
        if (pick)
            *pick -= w;
        total += w;
    }
    return total;
}

/* The setup events carry the outcome of their draw (shown to the omniscient
 * viewer only): they follow the new draw so no trace of the old one stays. */
static void bw_redraw_setup_events(const bw_config *cfg, bw_block *b)
{
    for (int i = 0; i < b->ev_count; i++) {
        uint8_t *e = b->ev[i];
        if (e[0] != BW_EV_SETUP)
            continue;
        int step = e[1];
        if (step == 0)
            e[2] = b->prince;
        else if (step <= cfg->players)
            e[2] = b->plain[step - 1];
        else
            e[2] = (uint8_t)bw_bit(b->deadly, step - 1 - cfg->players);
    }
}

/* Every choice below is drawn from lists built in a fixed order from public
 * facts and the player's own sightings, never from the current draw. */
static void bw_resample_play(const bw_config *cfg, bw_block *b, int player, tg_rng *rng)
{
    if (!((b->seen[player] >> b->prince) & 1u)) {
        int cand[BW_BOOKS], n = 0;
        for (int k = 0; k < BW_BOOKS; k++)
            if (!((b->seen[player] >> k) & 1u) && !((b->not_prince >> k) & 1u))
                cand[n++] = k;
        b->prince = (uint8_t)cand[tgR_below(rng, (uint32_t)n)];
    }
    uint32_t total = bw_walk_combos(cfg, b, NULL, NULL, NULL, NULL);
    if (total == 0)
        return; /* cannot happen for a valid block: its own facts fit */
    uint32_t pick = tgR_below(rng, total);
    uint8_t plain[BW_MAX_PLAYERS] = {0};
    uint16_t fr = 0;
    int need = 0;
    bw_walk_combos(cfg, b, &pick, plain, &fr, &need);
    for (int p = 0; p < cfg->players; p++)
        b->plain[p] = plain[p];
    b->deadly[0] = b->gone[0];
    b->deadly[1] = b->gone[1];
    bw_pick_snakes(fr, need, b->deadly, rng);
}

/* Both memories keep everything: the block has kept every look at a page,
 * every bite and every harmless touch since 1.0, and none is forgotten. */
void bw_resample(const void *vcfg, void *st, int player, int memory, tg_rng *rng)
{
    (void)memory;
    const bw_config *cfg = vcfg;
    bw_block *b = st;
    if (b->stage == BW_ST_SETUP)
        bw_resample_setup(cfg, b, rng);
    else
        bw_resample_play(cfg, b, player, rng);
    bw_redraw_setup_events(cfg, b);
}
