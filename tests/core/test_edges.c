/* The core and the bots where the real games do not go (the mini_odd test
 * game): a move text longer than the core's own buffer, and a non-terminal
 * position where the player to move has no legal move, and a tensor with
 * a fraction in it, which a batch may not write as bytes. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include <boardgames/tablegames.h>

static tg_state *fresh(tg_game **g)
{
    char err[256];
    if (tg_game_new("mini_odd", NULL, NULL, g, err, sizeof err) != TG_OK)
        fail_msg("game: %s", err);
    tg_state *st = NULL;
    assert_int_equal(tg_state_new(*g, 1, &st), TG_OK);
    return st;
}

static void a_long_move_text_is_never_cut(void **unused)
{
    (void)unused;
    tg_game *g;
    tg_state *st = fresh(&g);
    char full[512], small[64];
    size_t len = 0;
    assert_int_equal(tg_state_move_text(st, 0, full, sizeof full, &len), TG_OK);
    assert_int_equal(len, 199);
    assert_int_equal(strlen(full), 199);
    assert_string_equal(full + len - 6, "456789");
    /* One byte short of the text and its NUL: refused whole, never cut. */
    char exact[200];
    memset(exact, 'x', sizeof exact);
    assert_int_equal(tg_state_move_text(st, 0, exact, sizeof exact - 1, &len),
                     TG_E_BUFFER_TOO_SMALL);
    assert_int_equal(exact[0], 'x');
    assert_non_null(strstr(tg_state_last_error(st), "needs 200 bytes"));
    assert_int_equal(tg_state_move_text(st, 0, exact, sizeof exact, &len), TG_OK);
    assert_string_equal(exact, full);
    memset(small, 'x', sizeof small);
    assert_int_equal(tg_state_move_text(st, 0, small, sizeof small, &len), TG_E_BUFFER_TOO_SMALL);
    assert_int_equal(len, 199);
    assert_int_equal(small[0], 'x');
    /* Too long to be matched as text: the message says how to name it. */
    tg_move m = 77;
    assert_int_equal(tg_state_parse_move(st, full, &m), TG_E_PARSE);
    assert_int_equal(m, 77);
    assert_non_null(strstr(tg_state_last_error(st), "#id"));
    assert_int_equal(tg_state_parse_move(st, "#0", &m), TG_OK);
    assert_int_equal(m, 0);
    assert_int_equal(tg_state_parse_move(st, "  PASS ", &m), TG_OK);
    assert_int_equal(m, 1);
    tg_state_free(st);
    tg_game_free(g);
}

/* Text that begins like a move and goes on past the length limit must not
 * match the move it begins with. */
static void text_past_the_limit_does_not_match_its_beginning(void **unused)
{
    (void)unused;
    tg_game *g;
    tg_state *st = fresh(&g);
    char text[300];
    memset(text, ' ', sizeof text);
    memcpy(text, "pass", 4);
    memcpy(text + 250, "junk", 4);
    text[sizeof text - 1] = '\0';
    tg_move m = 77;
    assert_int_equal(tg_state_parse_move(st, text, &m), TG_E_PARSE);
    assert_int_equal(m, 77);
    tg_state_free(st);
    tg_game_free(g);
}

static void bots_refuse_a_dead_end_and_write_nothing(void **unused)
{
    (void)unused;
    tg_game *g;
    tg_state *st = fresh(&g);
    for (int i = 0; i < 3; i++)
        assert_int_equal(tg_state_apply_text(st, "pass"), TG_OK);
    assert_int_equal(tg_state_current_player(st), 1);
    assert_false(tg_state_is_terminal(st));
    size_t n = 5;
    assert_int_equal(tg_state_legal_moves(st, NULL, 0, &n), TG_OK);
    assert_int_equal(n, 0);
    for (tg_bot_level level = TG_BOT_RANDOM; level <= TG_BOT_HARD; level++) {
        tg_bot_params p;
        assert_int_equal(tg_bot_params_init(&p, TG_BOT_PARAMS_VERSION), TG_OK);
        p.level = level;
        p.simulations = 50;
        tg_bot *bot = NULL;
        assert_int_equal(tg_bot_new(g, 1, &p, &bot), TG_OK);
        tg_move out = 777;
        assert_int_equal(tg_bot_choose(bot, st, &out), TG_E_WRONG_PHASE);
        assert_int_equal(out, 777);
        assert_non_null(strstr(tg_bot_last_error(bot), "no legal move"));
        tg_move moves[4] = {7, 7, 7, 7};
        double scores[4] = {-1, -1, -1, -1};
        size_t count = 99;
        assert_int_equal(tg_bot_hint(bot, st, moves, scores, 4, &count), TG_E_WRONG_PHASE);
        assert_int_equal(count, 99);
        assert_int_equal(moves[0], 7);
        assert_true(scores[0] == -1);
        tg_bot_free(bot);
    }
    tg_state_free(st);
    tg_game_free(g);
}

/* Byte rows are refused for a game whose tensor has no byte form, with
 * words, and nothing is written; float rows of the same batch work. */
static void a_fractional_tensor_has_no_byte_rows(void **unused)
{
    (void)unused;
    tg_game *g;
    tg_state *st = fresh(&g);
    tg_state_free(st);
    tg_batch *b = NULL;
    char err[256] = "";
    assert_int_equal(tg_batch_new(g, 2, 1, NULL, &b, err, sizeof err), TG_OK);
    size_t n = tg_game_observation_tensor_size(g);
    assert_true(n > 0 && n < 64);
    uint8_t bytes[2 * 64];
    float floats[2 * 64];
    memset(bytes, 0xA5, sizeof bytes);
    tg_batch_buffers out = TG_BATCH_BUFFERS_INIT;
    out.observation_u8 = bytes;
    assert_int_equal(tg_batch_observe(b, 0, 2, &out, err, sizeof err), TG_E_INVALID_ARGUMENT);
    assert_non_null(strstr(err, "mini_odd"));
    assert_non_null(strstr(err, "no byte form"));
    for (size_t i = 0; i < sizeof bytes; i++)
        assert_int_equal(bytes[i], 0xA5);
    uint32_t acts[2] = {1, 1}; /* pass */
    assert_int_equal(tg_batch_step(b, 0, 2, acts, &out, err, sizeof err), TG_E_INVALID_ARGUMENT);
    out.observation_u8 = NULL;
    out.observation = floats;
    assert_int_equal(tg_batch_step(b, 0, 2, acts, &out, err, sizeof err), TG_OK);
    assert_true(floats[n - 1] == 0.25f); /* one decision made: the fraction */
    tg_batch_free(b);
    tg_game_free(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(a_long_move_text_is_never_cut),
        cmocka_unit_test(text_past_the_limit_does_not_match_its_beginning),
        cmocka_unit_test(bots_refuse_a_dead_end_and_write_nothing),
        cmocka_unit_test(a_fractional_tensor_has_no_byte_rows),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
