/* What the core promises about every registered game's definition, checked
 * on the definitions themselves (through the static library, since the
 * table is not public): observe() leaves the core's keys to the core (the
 * core writes them over whatever a game put there, so a game's own field
 * under such a key would vanish without a trace), blocks stay within 1 KiB,
 * and a game whose block grew since save format 1 can recall a root's
 * knowledge and shows the public view and a tensor. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "core/handles.h"
#include "core/registry.h"

static const char *const reserved[] = {"game",           "viewer",  "players", "move_number",
                                       "current_player", "winners", NULL};

static void check_keys(const tg_game_def *def, const tg_state *st, int viewer)
{
    json_t *obs = def->observe(tgH_cfg(st->game), tgH_block(st), viewer);
    if (!json_is_object(obs))
        fail_msg("%s: observe() for viewer %d is not an object", def->info.id, viewer);
    for (int k = 0; reserved[k]; k++)
        if (json_object_get(obs, reserved[k]))
            fail_msg("%s: observe() for viewer %d uses the core's key \"%s\" (move %u)",
                     def->info.id, viewer, reserved[k], (unsigned)tg_state_move_number(st));
    json_decref(obs);
}

static void play_and_check(const tg_game_def *def, int players)
{
    char options[32], err[256];
    snprintf(options, sizeof options, "players=%d", players);
    tg_game *game = NULL;
    if (tg_game_new(def->info.id, options, NULL, &game, err, sizeof err) != TG_OK)
        fail_msg("%s %s: %s", def->info.id, options, err);
    tg_state *st = NULL;
    assert_int_equal(tg_state_new(game, 7, &st), TG_OK);
    for (uint32_t k = 0; k < 3000 && !tg_state_is_terminal(st); k++) {
        if (k % 25 == 0)
            for (int v = TG_VIEW_PUBLIC; v < players; v++)
                check_keys(def, st, v);
        assert_int_equal(tg_state_playout(st, 1, NULL), TG_OK);
    }
    for (int v = TG_VIEW_PUBLIC; v < players; v++)
        check_keys(def, st, v);
    tg_state_free(st);
    tg_game_free(game);
}

static void observe_leaves_core_keys_alone(void **unused)
{
    (void)unused;
    for (size_t i = 0; i < tgG_count(); i++) {
        const tg_game_def *def = tgG_at(i);
        for (int p = def->info.min_players; p <= def->info.max_players; p++)
            play_and_check(def, p);
    }
}

static void definitions_keep_the_1_2_contract(void **unused)
{
    (void)unused;
    for (size_t i = 0; i < tgG_count(); i++) {
        const tg_game_def *def = tgG_at(i);
        if (def->state_size > TG_CORE_MAX_BLOCK)
            fail_msg("%s: a %zu-byte block; at most %d", def->info.id, def->state_size,
                     TG_CORE_MAX_BLOCK);
        if (def->state_size_v1 && (!def->recall_root || def->state_size_v1 >= def->state_size))
            fail_msg("%s: a block grown since format 1 needs recall_root and a smaller "
                     "format-1 size", def->info.id);
        if (!def->public_view || !def->tensor_size || !def->tensor)
            fail_msg("%s: every registered game has a public view and a tensor", def->info.id);
    }
}

/* memory=last is the 1.1 redraw: a bot that forgets may give a hat it
 * peeked at two turns ago another colour; with full memory never. Reached
 * through tgH_redraw, the route a bot's memory setting takes. */
static void last_memory_forgets_an_old_peek(void **unused)
{
    (void)unused;
    const char *json =
        "{\"game\":\"witches_dance\",\"options\":\"players=3\",\"position\":{"
        "\"phase\":\"choose\",\"player\":0,\"die\":6,\"circle\":{\"yellow\":[1,2,3,4],"
        "\"red\":[8,9,10,11],\"lightblue\":[30,31,32,33]}}}";
    tg_state *st = NULL;
    assert_int_equal(tg_state_from_json(json, strlen(json), NULL, &st, NULL, 0), TG_OK);
    const char *moves[] = {"peek9", "roll1", "4", "roll1", "5"};
    for (size_t i = 0; i < 5; i++)
        assert_int_equal(tg_state_apply_text(st, moves[i]), TG_OK);
    const tg_game_def *def = st->game->def;
    int changed_last = 0, changed_full = 0;
    for (uint64_t seed = 1; seed <= 64; seed++) {
        unsigned char block[TG_CORE_MAX_BLOCK];
        tg_rng rng;
        memcpy(block, tgH_block(st), def->state_size);
        tgR_seed(&rng, seed);
        tgH_redraw(st->game, block, 0, &rng, TG_BOT_MEMORY_LAST);
        changed_last |= block[9] != tgH_block(st)[9];
        memcpy(block, tgH_block(st), def->state_size);
        tgR_seed(&rng, seed);
        tgH_redraw(st->game, block, 0, &rng, TG_BOT_MEMORY_FULL);
        changed_full |= block[9] != tgH_block(st)[9];
    }
    assert_true(changed_last);
    assert_false(changed_full);
    tg_state_free(st);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(observe_leaves_core_keys_alone),
        cmocka_unit_test(definitions_keep_the_1_2_contract),
        cmocka_unit_test(last_memory_forgets_an_old_peek),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
