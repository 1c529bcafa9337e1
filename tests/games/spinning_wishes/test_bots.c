/* What computer players rely on: resampling that depends only on what the
 * seat knows, the easy rule of thumb, and saves whose bytes lie. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>
#include <zlib.h>

#include "test_support.h"

#define OPT3 "players=3,princesses=seat"
#define OPT2 "players=2,princesses=seat"
#define PRESENTS "'presents':['snow','cinder','belle','beauty']"

/* Snow White (player 0) has looked under tower 2, Cinderella under tower 0. */
#define LOOKED                                                                               \
    "{'phase':'roll','turn':2,'players':["                                                 \
    "{'space':'c5','wishes':['snow','snow','snow'],'seen':[2]},"                           \
    "{'space':'c14','wishes':['cinder','cinder','cinder'],'seen':[0]},"                     \
    "{'space':'25'}],'wheel':['belle','belle','belle',null,null,null,null,null,null,null," \
    "null,null],'presents':['belle','beauty','cinder','snow']}"

static tg_state *resampled(const tg_state *from, uint64_t seed, int player)
{
    tg_state *r = NULL;
    assert_int_equal(tg_state_clone(from, &r), TG_OK);
    assert_int_equal(tg_state_seed(r, seed), TG_OK);
    assert_int_equal(tg_state_resample(r, player), TG_OK);
    return r;
}

/* The presents of st as compact JSON text, into out. */
static void presents_of(const tg_state *st, char *out, size_t cap)
{
    snprintf(out, cap, "%s", swt_pos(st, "presents"));
}

/* Redrawing from a position that was itself redrawn for the same seat gives
 * exactly what redrawing from the true position gives: the result depends
 * on the seat's knowledge and the dice, never on the true deal. Returns
 * non-zero when some redraw moved a present (the check was not vacuous). */
static int check_canonical(const tg_state *st, int player)
{
    char truth[128], drawn[128];
    presents_of(st, truth, sizeof truth);
    int moved = 0;
    for (uint64_t a = 1; a <= 6; a++) {
        tg_state *s2 = resampled(st, a, player);
        presents_of(s2, drawn, sizeof drawn);
        moved |= strcmp(drawn, truth) != 0;
        for (uint64_t b = 100; b < 104; b++) {
            tg_state *x = resampled(st, b, player), *y = resampled(s2, b, player);
            if (!tg_state_equal(x, y))
                fail_msg("seat %d, seeds %llu/%llu: redraws differ", player,
                         (unsigned long long)a, (unsigned long long)b);
            tg_state_free(x);
            tg_state_free(y);
        }
        tg_state_free(s2);
    }
    return moved;
}

static void test_resampling_ignores_the_true_deal(void **unused)
{
    (void)unused;
    tg_state *st = swt_load(OPT3, LOOKED);
    /* Every seat is unsure of at least two towers, so some redraw moves. */
    for (int p = 0; p < 3; p++)
        if (!check_canonical(st, p))
            fail_msg("seat %d: no redraw moved a present", p);
    tg_state_free(st);
    tg_game *g = tgt_game("spinning_wishes", "players=4");
    int moved = 0;
    for (uint64_t seed = 1; seed <= 8; seed++) {
        st = tgt_random_state(g, seed, 40 + 90 * (uint32_t)seed);
        for (int p = 0; p < 4; p++)
            moved |= check_canonical(st, p);
        tg_state_free(st);
    }
    tg_game_free(g);
    assert_true(moved);
}

/* Nobody has looked, so a seat knows nothing of the presents: the redraw
 * must spread over the 24 deals, not keep returning the true one. */
static void test_resampling_draws_among_all_deals(void **unused)
{
    (void)unused;
    tg_state *st = swt_load(OPT3, "{'phase':'roll','turn':0,'players':[{'space':'5'},"
                                  "{'space':'15'},{'space':'25'}],'wheel':['snow','snow',"
                                  "'snow','cinder','cinder','cinder','belle','belle','belle',"
                                  "null,null,null],"
                                  "'presents':['belle','beauty','cinder','snow']}");
    enum { DRAWS = 96 };
    char truth[128], seen[24][128];
    presents_of(st, truth, sizeof truth);
    int distinct = 0, true_deal = 0;
    for (uint64_t seed = 1; seed <= DRAWS; seed++) {
        tg_state *r = resampled(st, seed, 0);
        char drawn[128];
        presents_of(r, drawn, sizeof drawn);
        true_deal += strcmp(drawn, truth) == 0;
        int k = 0;
        while (k < distinct && strcmp(seen[k], drawn) != 0)
            k++;
        if (k == distinct && distinct < 24)
            snprintf(seen[distinct++], sizeof seen[0], "%s", drawn);
        tg_state_free(r);
    }
    tg_state_free(st);
    /* Uniform: about 4 true deals in 96 and nearly all 24 deals seen. */
    if (true_deal > DRAWS / 6 || distinct < 12)
        fail_msg("%d of %d redraws were the true deal, %d distinct deals", true_deal, DRAWS,
                 distinct);
}

static tg_move move_id(const tg_state *st, const char *text)
{
    tg_move m = 0;
    assert_int_equal(tg_state_parse_move(st, text, &m), TG_OK);
    return m;
}

/* The easy bot's hint scores are the raw rule of thumb; want must score
 * strictly above every other legal move. */
static void expect_easy_favourite(const tg_state *st, int seat, const char *want)
{
    tg_bot_params params = TG_BOT_PARAMS_INIT;
    params.level = TG_BOT_EASY;
    tg_bot *bot = NULL;
    assert_int_equal(tg_bot_new((tg_game *)tg_state_game(st), seat, &params, &bot), TG_OK);
    tg_move moves[64];
    double scores[64];
    size_t n = 0;
    assert_int_equal(tg_bot_hint(bot, st, moves, scores, 64, &n), TG_OK);
    tg_move best = move_id(st, want);
    double best_score = -1e9;
    for (size_t i = 0; i < n; i++)
        if (moves[i] == best)
            best_score = scores[i];
    for (size_t i = 0; i < n; i++)
        if (moves[i] != best && scores[i] >= best_score)
            fail_msg("move %u scores %g, not below %s's %g", (unsigned)moves[i], scores[i], want,
                     best_score);
    tg_bot_free(bot);
}

/* From the wheel she takes her own princess's wish, not a rival's. */
static void test_easy_bot_takes_its_own_wish(void **unused)
{
    (void)unused;
    tg_state *st = swt_load(OPT2, "{'phase':'roll','players':[{'space':'1'},{'space':'15'}],"
                                  "'wheel':['cinder','snow','snow','snow',null,null,null,null,"
                                  "null,null,'cinder','cinder']," PRESENTS "}");
    tgt_apply_all(st, "roll:1;2;spin:0");
    swt_legal(st, "take:0 take:1 take:11 pass");
    expect_easy_favourite(st, 0, "take:1");
    tg_state_free(st);
}

/* With her three wishes she walks to the tower that must hold her present:
 * she has seen the other three, so her redraw keeps it under tower 0. From
 * hall c0 a 3 reaches tower 0 at c2 or, the other way, c21 of tower 3. */
static void test_easy_bot_looks_where_it_guesses(void **unused)
{
    (void)unused;
    tg_state *st = swt_load(OPT2, "{'phase':'roll','players':[{'space':'c0','wishes':['snow',"
                                  "'snow','snow'],'seen':[1,2,3]},{'space':'15'}],'wheel':["
                                  "'cinder','cinder','cinder',null,null,null,null,null,null,null,"
                                  "null,null]," PRESENTS "}");
    tgt_apply(st, "roll:3");
    swt_legal(st, "c2 c21");
    expect_easy_favourite(st, 0, "c2");
    tg_state_free(st);
}

/* Offset of a field in the position block (see spinning_wishes.h). */
#define BLOCK_PLACED 4
#define BLOCK_WINNER 5
#define BLOCK_WHEEL 45

/* Saves st in binary, lets poke rewrite both position blocks (current and
 * root; st has no history), fixes the checksum and loads it; err gets
 * the loader's message. */
static tg_status load_poked(const tg_state *st, void (*poke)(unsigned char *block), char *err,
                            size_t err_size)
{
    assert_int_equal(tg_state_history_length(st), 0);
    unsigned char *data = NULL;
    size_t len = 0;
    assert_int_equal(tg_state_save(st, &data, &len), TG_OK);
    size_t s = tg_game_state_size(tg_state_game(st));
    unsigned char *cur = data + len - 8 - 2 * s;
    poke(cur);
    poke(cur + s);
    uint32_t crc = (uint32_t)crc32(0L, data, (uInt)(len - 4));
    for (int i = 0; i < 4; i++)
        data[len - 4 + i] = (unsigned char)(crc >> (8 * i));
    tg_state *out = NULL;
    tg_status r = tg_state_load(data, len, NULL, &out, err, err_size);
    tg_state_free(out);
    tg_free(data);
    return r;
}

static void poke_winner(unsigned char *block)
{
    block[BLOCK_WINNER] = 8;
}

static void poke_early_holder(unsigned char *block)
{
    block[BLOCK_PLACED] = 1;
    block[BLOCK_WHEEL] = 1;
}

static void test_tampered_blocks_are_rejected(void **unused)
{
    (void)unused;
    /* A finished game whose winner byte names player 7. */
    tg_state *st = swt_load(OPT2, "{'phase':'over','winner':0,'players':[{'space':'c2',"
                                  "'wishes':['snow','snow','snow'],'seen':[0]},{'space':'15'}],"
                                  "'wheel':['cinder','cinder','cinder',null,null,null,null,null,"
                                  "null,null,null,null]," PRESENTS "}");
    char err[256] = "";
    assert_int_equal(load_poked(st, poke_winner, err, sizeof err), TG_E_CORRUPT);
    assert_non_null(strstr(err, "winner 7 is not a player"));
    tg_state_free(st);
    /* A holder on the wheel while princesses are still being picked. */
    tg_game *g = tgt_game("spinning_wishes", "players=3");
    assert_int_equal(tg_state_new(g, 1, &st), TG_OK);
    assert_int_equal(load_poked(st, poke_early_holder, err, sizeof err), TG_E_CORRUPT);
    assert_non_null(strstr(err, "placed only after"));
    tg_state_free(st);
    tg_game_free(g);
}

int sw_run_bots(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_resampling_ignores_the_true_deal),
        cmocka_unit_test(test_resampling_draws_among_all_deals),
        cmocka_unit_test(test_easy_bot_takes_its_own_wish),
        cmocka_unit_test(test_easy_bot_looks_where_it_guesses),
        cmocka_unit_test(test_tampered_blocks_are_rejected),
    };
    return cmocka_run_group_tests_name("spinning_wishes bots", tests, NULL, NULL);
}
