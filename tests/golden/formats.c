/* The layouts a program may store between runs, held to their format
 * numbers (tg_game_format_version()): for every game, the observation
 * tensors, the information keys, the observation JSON and (1.4) the
 * information-state tensors along fixed
 * seeded games are folded into one digest per layout, and
 * tests/golden/formats.txt names the digest each format number stands for.
 *   golden_formats check FILE   (run by ctest) fails when a layout's
 *                               digest is not the one its number names
 *   golden_formats print        prints the lines for the current library
 * A change that makes the check fail changed what a stored tensor, key or
 * observation means: bump that format number in the game's definition
 * (.formats in lib/games/<game>/<game>.c), say so in its rule page, and
 * add the new line that `print` gives (keep the old ones: they record
 * what each number meant). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <boardgames/tablegames.h>
#include <jansson.h>

/* Indexed by the TG_FORMAT_* numbers. */
enum { LAYOUTS = 4, SEEDS = 2, DECISIONS = 300 };
static const char *const layout_names[LAYOUTS] = {"tensor", "key", "json", "infotensor"};

/* FNV-1a, 64 bits: enough to notice a change, and written out in full. */
static void fold(uint64_t *h, const void *data, size_t n)
{
    const unsigned char *p = data;
    for (size_t i = 0; i < n; i++)
        *h = (*h ^ p[i]) * 0x100000001b3ull;
}

static void fold_u64(uint64_t *h, uint64_t v)
{
    unsigned char b[8];
    for (int i = 0; i < 8; i++)
        b[i] = (unsigned char)(v >> (8 * i));
    fold(h, b, sizeof b);
}

static void fold_floats(uint64_t *h, const float *v, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        uint32_t bits;
        memcpy(&bits, &v[i], sizeof bits);
        fold_u64(h, bits);
    }
}

/* What every viewer sees of st, folded into the digests. */
static int fold_views(const tg_state *st, int players, float *tensor, size_t floats,
                      float *info, size_t info_floats, uint64_t digest[LAYOUTS])
{
    for (int v = TG_VIEW_PUBLIC; v < players; v++) {
        if (tg_state_observation_tensor(st, v, tensor, floats) != TG_OK)
            return -1;
        fold_floats(&digest[0], tensor, floats);
        char *text = NULL;
        if (tg_state_observation_json(st, v, &text, NULL) != TG_OK)
            return -1;
        json_t *j = json_loads(text, 0, NULL);
        tg_free(text);
        char *canon = j ? json_dumps(j, JSON_COMPACT | JSON_SORT_KEYS) : NULL;
        json_decref(j);
        if (!canon)
            return -1;
        fold(&digest[2], canon, strlen(canon));
        free(canon);
        if (v >= 0) {
            uint64_t key[2];
            if (tg_state_information_key(st, v, key) != TG_OK)
                return -1;
            fold_u64(&digest[1], key[0]);
            fold_u64(&digest[1], key[1]);
            if (tg_state_information_tensor(st, v, info, info_floats) != TG_OK)
                return -1;
            fold_floats(&digest[3], info, info_floats);
        }
    }
    return 0;
}

/* Seeded games of every player count, moves picked with a fixed LCG. */
static int digests_of(const tg_game_info *info, uint64_t digest[LAYOUTS])
{
    for (int l = 0; l < LAYOUTS; l++)
        digest[l] = 0xcbf29ce484222325ull;
    for (int players = info->min_players; players <= info->max_players; players++) {
        char options[32];
        snprintf(options, sizeof options, "players=%d", players);
        tg_game *g = NULL;
        if (tg_game_new(info->id, options, NULL, &g, NULL, 0) != TG_OK)
            return -1;
        size_t floats = tg_game_observation_tensor_size(g);
        size_t info_floats = tg_game_information_tensor_size(g);
        float *tensor = calloc(floats, sizeof *tensor);
        float *itensor = calloc(info_floats, sizeof *itensor);
        tg_move *moves = calloc(tg_game_max_legal_moves(g), sizeof *moves);
        int bad = !tensor || !itensor || !moves;
        for (uint64_t seed = 1; !bad && seed <= SEEDS; seed++) {
            tg_state *st = NULL;
            bad = tg_state_new(g, seed, &st) != TG_OK;
            uint64_t pick = seed;
            for (int i = 0; !bad && i < DECISIONS && !tg_state_is_terminal(st); i++) {
                bad = fold_views(st, players, tensor, floats, itensor, info_floats, digest) != 0;
                size_t n = 0;
                if (tg_state_current_player(st) == TG_PLAYER_CHANCE) {
                    bad = bad || tg_state_apply_chance(st, NULL) != TG_OK;
                } else if (!bad && tg_state_legal_moves(st, moves, tg_game_max_legal_moves(g),
                                                        &n) == TG_OK && n > 0) {
                    pick = pick * 6364136223846793005u + 1442695040888963407u;
                    bad = tg_state_apply(st, moves[(pick >> 33) % n]) != TG_OK;
                } else {
                    bad = 1;
                }
            }
            bad = bad || fold_views(st, players, tensor, floats, itensor, info_floats, digest) != 0;
            tg_state_free(st);
        }
        free(tensor);
        free(itensor);
        free(moves);
        tg_game_free(g);
        if (bad)
            return -1;
    }
    return 0;
}

/* "game layout number digest" for every game and layout; *lines is an
 * array of LAYOUTS entries per game. */
static int current_lines(char (*lines)[128])
{
    for (size_t i = 0; i < tg_catalogue_count(); i++) {
        const tg_game_info *info = tg_catalogue_get(i);
        uint64_t d[LAYOUTS];
        tg_game *g = NULL;
        if (digests_of(info, d) != 0 || tg_game_new(info->id, NULL, NULL, &g, NULL, 0) != TG_OK) {
            fprintf(stderr, "golden_formats: %s could not be played\n", info->id);
            return -1;
        }
        for (int l = 0; l < LAYOUTS; l++)
            snprintf(lines[i * LAYOUTS + (size_t)l], 128, "%s %s %d %016llx", info->id,
                     layout_names[l], tg_game_format_version(g, l), (unsigned long long)d[l]);
        tg_game_free(g);
    }
    return 0;
}

/* The line of FILE for the same game, layout and number, or "" for none. */
static void recorded_line(FILE *f, const char *want, char *out, size_t cap)
{
    char line[256];
    size_t prefix = (size_t)(strrchr(want, ' ') - want);
    out[0] = '\0';
    rewind(f);
    while (fgets(line, sizeof line, f))
        if (line[0] != '#' && strncmp(line, want, prefix) == 0 && line[prefix] == ' ') {
            line[strcspn(line, "\n")] = '\0';
            snprintf(out, cap, "%s", line);
        }
}

int main(int argc, char **argv)
{
    size_t n = tg_catalogue_count() * LAYOUTS;
    char(*lines)[128] = calloc(n ? n : 1, sizeof *lines);
    if (!lines || current_lines(lines) != 0)
        return 1;
    if (argc == 2 && strcmp(argv[1], "print") == 0) {
        for (size_t i = 0; i < n; i++)
            printf("%s\n", lines[i]);
        free(lines);
        return 0;
    }
    if (argc != 3 || strcmp(argv[1], "check") != 0) {
        fprintf(stderr, "usage: golden_formats check FILE | golden_formats print\n");
        free(lines);
        return 2;
    }
    FILE *f = fopen(argv[2], "r");
    if (!f) {
        perror(argv[2]);
        free(lines);
        return 1;
    }
    int failures = 0;
    for (size_t i = 0; i < n; i++) {
        char have[256];
        recorded_line(f, lines[i], have, sizeof have);
        if (strcmp(have, lines[i]) == 0)
            continue;
        failures++;
        fprintf(stderr,
                "golden_formats: the layout changed: now '%s', %s '%s'.\n"
                "  If the change is meant, bump that format number in the game's .formats\n"
                "  (lib/games/<game>/), note it in docs/rules/<game>.md, and add the line that\n"
                "  'golden_formats print' gives for it to %s (keep the old lines).\n",
                lines[i], have[0] ? "recorded" : "no line recorded for that number; closest",
                have[0] ? have : "(none)", argv[2]);
    }
    fclose(f);
    free(lines);
    if (!failures)
        printf("golden_formats: every layout matches its format number\n");
    return failures ? 1 : 0;
}
