/* One game, four languages: the C side (agree.py runs the same plan through
 * Python, Lua and JavaScript and compares what each prints).
 *   agree_play plan GAME OPTIONS SEED PLANFILE
 *       plays the plan: at a chance point the state's RNG draws; at a
 *       player's turn the plan's next number r picks legal[r % count].
 *       Prints per decision "ID LENGTH CRC" of the binary save (its last
 *       four bytes are a CRC-32 of the rest), then "final HEX" of the save.
 *   agree_play replay FILE
 *       loads a save (.tgsv binary, else JSON), plays it out with the state's
 *       RNG and prints "final HEX" of the save. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <boardgames/tablegames.h>

static int fail(const char *what, tg_status status)
{
    fprintf(stderr, "agree_play: %s: %s\n", what, tg_status_name(status));
    return 1;
}

static int print_save(const tg_state *st, int final)
{
    unsigned char *bytes = NULL;
    size_t n = 0;
    tg_status s = tg_state_save(st, &bytes, &n);
    if (s != TG_OK)
        return fail("save", s);
    if (final) {
        fputs("final ", stdout);
        for (size_t i = 0; i < n; i++)
            printf("%02x", bytes[i]);
        putchar('\n');
    } else {
        printf("%zu %02x%02x%02x%02x\n", n, bytes[n - 4], bytes[n - 3], bytes[n - 2], bytes[n - 1]);
    }
    tg_free(bytes);
    return 0;
}

static int plan(const char *id, const char *options, unsigned long long seed, const char *path)
{
    FILE *f = fopen(path, "r");
    if (!f)
        return perror(path), 1;
    tg_game *g = NULL;
    tg_state *st = NULL;
    tg_status s = tg_game_new(id, options, NULL, &g, NULL, 0);
    if (s == TG_OK)
        s = tg_state_new(g, (uint64_t)seed, &st);
    if (s != TG_OK)
        return fclose(f), fail("new", s);
    tg_move *moves = malloc(sizeof *moves * tg_game_max_legal_moves(g));
    int rc = moves ? 0 : 1;
    while (rc == 0 && !tg_state_is_terminal(st)) {
        tg_move m = 0;
        if (tg_state_current_player(st) == TG_PLAYER_CHANCE) {
            s = tg_state_apply_chance(st, &m);
        } else {
            unsigned long r;
            size_t count = 0;
            if (fscanf(f, "%lu", &r) != 1)
                break; /* the plan ends before the game */
            s = tg_state_legal_moves(st, moves, tg_game_max_legal_moves(g), &count);
            if (s == TG_OK) {
                m = moves[r % count];
                s = tg_state_apply(st, m);
            }
        }
        if (s != TG_OK) {
            rc = fail("decision", s);
            break;
        }
        printf("%u ", (unsigned)m);
        rc = print_save(st, 0);
    }
    if (rc == 0)
        rc = print_save(st, 1);
    free(moves);
    fclose(f);
    tg_state_free(st);
    tg_game_free(g);
    return rc;
}

static int replay(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return perror(path), 1;
    static unsigned char data[TG_SAVE_MAX_BYTES];
    size_t n = fread(data, 1, sizeof data, f);
    fclose(f);
    tg_state *st = NULL;
    size_t len = strlen(path);
    tg_status s = len > 5 && strcmp(path + len - 5, ".tgsv") == 0
                      ? tg_state_load(data, n, NULL, &st, NULL, 0)
                      : tg_state_from_json((const char *)data, n, NULL, &st, NULL, 0);
    if (s != TG_OK)
        return fail(path, s);
    uint32_t made = 0;
    s = tg_state_playout(st, UINT32_MAX, &made);
    int rc = s == TG_OK ? print_save(st, 1) : fail("playout", s);
    tg_state_free(st);
    return rc;
}

int main(int argc, char **argv)
{
    if (argc == 6 && strcmp(argv[1], "plan") == 0)
        return plan(argv[2], argv[3], strtoull(argv[4], NULL, 10), argv[5]);
    if (argc == 3 && strcmp(argv[1], "replay") == 0)
        return replay(argv[2]);
    fprintf(stderr, "usage: agree_play plan GAME OPTIONS SEED PLANFILE | replay FILE\n");
    return 2;
}
