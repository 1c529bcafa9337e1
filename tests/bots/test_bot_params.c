/* Bot settings (tg_bot_params): every layout version from 1.0 on is read
 * exactly to its own size, defaults are resolved and read back, each bad
 * setting is refused with a message, and a stop asked for before a
 * decision still ends it. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "support.h"

/* The tg_bot_params of 1.0 and 1.1, as a program built then has it. */
typedef struct params_v1 {
    unsigned version;
    tg_bot_level level;
    uint32_t simulations;
    double seconds;
    uint64_t seed;
} params_v1;

static tg_game *first_game(void)
{
    return tgt_game(tg_catalogue_get(0)->id, NULL);
}

static void the_layout_of_1_0_is_read_to_its_end_and_no_further(void **unused)
{
    (void)unused;
    assert_int_equal(sizeof(params_v1), offsetof(tg_bot_params, memory));
    /* The old struct ends exactly where a page that may not be read begins. */
    params_v1 *old = tgt_page_end(sizeof *old);
    *old = (params_v1){1, TG_BOT_HARD, 7, 0.0, 5};
    tg_game *g = first_game();
    tg_bot *bot = NULL;
    char err[256] = "";
    assert_int_equal(tg_bot_new_v2(g, 0, (const tg_bot_params *)(void *)old, &bot, err,
                                   sizeof err),
                     TG_OK);
    tg_bot_params back;
    assert_int_equal(tg_bot_params_init(&back, TG_BOT_PARAMS_VERSION), TG_OK);
    assert_int_equal(tg_bot_get_params(bot, &back), TG_OK);
    assert_int_equal(back.level, TG_BOT_HARD);
    assert_int_equal(back.simulations, 7);
    assert_true(back.seed == 5);
    /* A 1.0 or 1.1 program keeps the memory of its release, whatever the level. */
    assert_int_equal(back.memory, TG_BOT_MEMORY_LAST);
    /* Read back in the old layout, the library writes no further either. */
    memset(old, 0xee, sizeof *old);
    old->version = 1;
    assert_int_equal(tg_bot_get_params(bot, (tg_bot_params *)(void *)old), TG_OK);
    assert_int_equal(old->version, 1);
    assert_int_equal(old->simulations, 7);
    tg_bot_free(bot);
    tg_game_free(g);
    tgt_page_end_free(old, sizeof *old);
}

static void init_writes_every_byte_of_the_layout(void **unused)
{
    (void)unused;
    tg_bot_params p, want;
    memset(&p, 0xaa, sizeof p);
    memset(&want, 0, sizeof want); /* padding too */
    want.version = TG_BOT_PARAMS_VERSION;
    want.level = TG_BOT_MEDIUM;
    assert_int_equal(tg_bot_params_init(&p, TG_BOT_PARAMS_VERSION), TG_OK);
    assert_memory_equal(&p, &want, sizeof p);
    /* The macro gives the same values. */
    tg_bot_params m = TG_BOT_PARAMS_INIT;
    assert_int_equal(m.version, p.version);
    assert_int_equal(m.level, p.level);
    assert_int_equal(m.memory, p.memory);
    assert_int_equal(m.reserved, 0);
    /* An older layout: only its bytes are written. */
    memset(&p, 0xaa, sizeof p);
    assert_int_equal(tg_bot_params_init(&p, 1), TG_OK);
    assert_int_equal(p.version, 1);
    const unsigned char *tail = (const unsigned char *)&p + offsetof(tg_bot_params, memory);
    for (size_t i = 0; i < sizeof p - offsetof(tg_bot_params, memory); i++)
        assert_int_equal(tail[i], 0xaa);
    memset(&p, 0xaa, sizeof p);
    assert_int_equal(tg_bot_params_init(&p, 0), TG_E_INVALID_ARGUMENT);
    assert_int_equal(tg_bot_params_init(&p, TG_BOT_PARAMS_VERSION + 1), TG_E_INVALID_ARGUMENT);
    assert_int_equal(tg_bot_params_init(NULL, 1), TG_E_INVALID_ARGUMENT);
    assert_int_equal(((unsigned char *)&p)[0], 0xaa);
    /* 1.3: the same refusals, saying why. */
    char err[128] = "";
    assert_int_equal(tg_bot_params_init_v2(&p, 3, err, sizeof err), TG_E_INVALID_ARGUMENT);
    assert_string_equal(err, "tg_bot_params version 3 is unknown; this library reads versions 1 to 2");
    assert_int_equal(((unsigned char *)&p)[0], 0xaa);
    assert_int_equal(tg_bot_params_init_v2(NULL, 1, err, sizeof err), TG_E_INVALID_ARGUMENT);
    assert_string_equal(err, "the tg_bot_params pointer is NULL");
    assert_int_equal(tg_bot_params_init_v2(&p, TG_BOT_PARAMS_VERSION, err, sizeof err), TG_OK);
    assert_memory_equal(&p, &want, sizeof p);
}

static void memory_defaults_by_level_and_is_read_back(void **unused)
{
    (void)unused;
    tg_game *g = first_game();
    static const struct {
        tg_bot_level level;
        tg_bot_memory asked, got;
    } cases[] = {
        {TG_BOT_RANDOM, TG_BOT_MEMORY_DEFAULT, TG_BOT_MEMORY_LAST},
        {TG_BOT_EASY, TG_BOT_MEMORY_DEFAULT, TG_BOT_MEMORY_LAST},
        {TG_BOT_MEDIUM, TG_BOT_MEMORY_DEFAULT, TG_BOT_MEMORY_FULL},
        {TG_BOT_HARD, TG_BOT_MEMORY_DEFAULT, TG_BOT_MEMORY_FULL},
        {TG_BOT_EASY, TG_BOT_MEMORY_FULL, TG_BOT_MEMORY_FULL},
        {TG_BOT_HARD, TG_BOT_MEMORY_LAST, TG_BOT_MEMORY_LAST},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        tg_bot_params p = TG_BOT_PARAMS_INIT, back;
        p.level = cases[i].level;
        p.memory = cases[i].asked;
        tg_bot *bot = NULL;
        assert_int_equal(tg_bot_new(g, 0, &p, &bot), TG_OK);
        assert_int_equal(tg_bot_params_init(&back, TG_BOT_PARAMS_VERSION), TG_OK);
        assert_int_equal(tg_bot_get_params(bot, &back), TG_OK);
        assert_int_equal(back.memory, cases[i].got);
        assert_int_equal(back.level, cases[i].level);
        assert_int_equal(back.simulations, cases[i].level == TG_BOT_HARD ? 3000 : 400);
        tg_bot_free(bot);
    }
    tg_game_free(g);
}

static void each_bad_setting_is_refused_with_its_own_message(void **unused)
{
    (void)unused;
    tg_game *g = first_game();
    tg_bot_params p;
    typedef struct bad_case {
        const char *needle;
        int seat;
        tg_bot_params params;
    } bad_case;
    bad_case cases[7];
    size_t n = 0;
    tg_bot_params_init(&p, TG_BOT_PARAMS_VERSION);
    cases[n++] = (bad_case){"seat 9", 9, p};
    p.version = 7;
    cases[n++] = (bad_case){"version 7", 0, p};
    tg_bot_params_init(&p, TG_BOT_PARAMS_VERSION);
    p.level = (tg_bot_level)4;
    cases[n++] = (bad_case){"level 4", 0, p};
    tg_bot_params_init(&p, TG_BOT_PARAMS_VERSION);
    p.simulations = 4000000000u;
    cases[n++] = (bad_case){"4000000000 simulations", 0, p};
    tg_bot_params_init(&p, TG_BOT_PARAMS_VERSION);
    p.seconds = -1;
    cases[n++] = (bad_case){"seconds", 0, p};
    tg_bot_params_init(&p, TG_BOT_PARAMS_VERSION);
    p.memory = (tg_bot_memory)3;
    cases[n++] = (bad_case){"memory 3", 0, p};
    tg_bot_params_init(&p, TG_BOT_PARAMS_VERSION);
    p.reserved = 1;
    cases[n++] = (bad_case){"reserved", 0, p};
    for (size_t i = 0; i < n; i++) {
        tg_bot *bot = (tg_bot *)&p;
        char err[256] = "";
        assert_int_equal(tg_bot_new_v2(g, cases[i].seat, &cases[i].params, &bot, err, sizeof err),
                         TG_E_INVALID_ARGUMENT);
        assert_null(bot);
        if (!strstr(err, cases[i].needle))
            fail_msg("case %zu: '%s' does not name '%s'", i, err, cases[i].needle);
    }
    char err[256] = "";
    tg_bot *bot = NULL;
    assert_int_equal(tg_bot_new_v2(NULL, 0, NULL, &bot, err, sizeof err), TG_E_INVALID_ARGUMENT);
    assert_non_null(strstr(err, "game"));
    assert_int_equal(tg_bot_new_v2(g, 0, NULL, NULL, err, sizeof err), TG_E_INVALID_ARGUMENT);
    assert_non_null(strstr(err, "output"));
    assert_int_equal(tg_bot_new_v2(g, 0, NULL, &bot, NULL, 0), TG_OK);
    assert_string_equal(tg_bot_last_error(bot), "");
    assert_int_equal(tg_bot_get_params(bot, NULL), TG_E_INVALID_ARGUMENT);
    assert_non_null(strstr(tg_bot_last_error(bot), "NULL"));
    tg_bot_params back = TG_BOT_PARAMS_INIT;
    back.version = 3;
    assert_int_equal(tg_bot_get_params(bot, &back), TG_E_INVALID_ARGUMENT);
    assert_non_null(strstr(tg_bot_last_error(bot), "version 3"));
    assert_int_equal(tg_bot_get_params(NULL, &back), TG_E_INVALID_ARGUMENT);
    assert_non_null(tg_bot_last_error(NULL));
    tg_bot_free(bot);
    tg_game_free(g);
}

static void failed_decisions_say_why(void **unused)
{
    (void)unused;
    tg_game *g = first_game();
    tg_state *st = tgt_player_state(g, 3, 40);
    int seat = tg_state_current_player(st);
    int other = (seat + 1) % tg_game_players(g);
    tg_bot *wrong = NULL, *bot = NULL;
    assert_int_equal(tg_bot_new(g, other, NULL, &wrong), TG_OK);
    assert_int_equal(tg_bot_new(g, seat, NULL, &bot), TG_OK);
    tg_move m = 5;
    assert_int_equal(tg_bot_choose(wrong, st, &m), TG_E_WRONG_PHASE);
    assert_non_null(strstr(tg_bot_last_error(wrong), "turn"));
    assert_int_equal(tg_bot_choose(bot, NULL, &m), TG_E_INVALID_ARGUMENT);
    assert_non_null(strstr(tg_bot_last_error(bot), "state"));
    tg_move moves[1];
    double scores[1];
    size_t count = 0;
    assert_int_equal(tg_bot_hint(bot, st, moves, scores, 0, &count), TG_E_BUFFER_TOO_SMALL);
    char want[64];
    snprintf(want, sizeof want, "%zu are legal", count);
    assert_non_null(strstr(tg_bot_last_error(bot), want));
    assert_int_equal(tg_bot_choose(bot, st, &m), TG_OK);
    assert_string_equal(tg_bot_last_error(bot), "");
    tg_game *three = NULL;
    assert_int_equal(tg_game_new(tg_game_id(g), "players=3", NULL, &three, NULL, 0), TG_OK);
    tg_state *other_game = NULL;
    assert_int_equal(tg_state_new(three, 1, &other_game), TG_OK);
    assert_int_equal(tg_bot_choose(bot, other_game, &m), TG_E_MISMATCH);
    assert_non_null(strstr(tg_bot_last_error(bot), "players=3"));
    tg_state_free(other_game);
    tg_game_free(three);
    tg_bot_free(wrong);
    tg_bot_free(bot);
    tg_state_free(st);
    tg_game_free(g);
}

static void a_stop_asked_before_the_decision_ends_it(void **unused)
{
    (void)unused;
    tg_game *g = first_game();
    tg_state *st = tgt_player_state(g, 4, 40);
    tg_bot_params p = TG_BOT_PARAMS_INIT;
    p.level = TG_BOT_HARD;
    p.simulations = 200;
    tg_bot *bot = NULL;
    assert_int_equal(tg_bot_new(g, tg_state_current_player(st), &p, &bot), TG_OK);
    tg_bot_stop(bot);
    tg_move m;
    assert_int_equal(tg_bot_choose(bot, st, &m), TG_OK);
    assert_int_equal(tg_bot_last_simulations(bot), 0);
    assert_int_equal(tg_state_is_legal(st, m), TG_OK);
    /* That decision spent the request: the next one runs its whole budget. */
    assert_int_equal(tg_bot_choose(bot, st, &m), TG_OK);
    assert_int_equal(tg_bot_last_simulations(bot), 200);
    /* A call that fails is no decision and leaves the request standing. */
    tg_bot_stop(bot);
    assert_int_equal(tg_bot_choose(bot, st, NULL), TG_E_INVALID_ARGUMENT);
    tg_move moves[4096];
    double scores[4096];
    size_t n;
    assert_int_equal(tg_bot_hint(bot, st, moves, scores, 4096, &n), TG_OK);
    assert_int_equal(tg_bot_last_simulations(bot), 0);
    tg_bot_free(bot);
    tg_state_free(st);
    tg_game_free(g);
}

int main(void)
{
    if (tg_catalogue_count() == 0)
        return 0;
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(the_layout_of_1_0_is_read_to_its_end_and_no_further),
        cmocka_unit_test(init_writes_every_byte_of_the_layout),
        cmocka_unit_test(memory_defaults_by_level_and_is_read_back),
        cmocka_unit_test(each_bad_setting_is_refused_with_its_own_message),
        cmocka_unit_test(failed_decisions_say_why),
        cmocka_unit_test(a_stop_asked_before_the_decision_ends_it),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
