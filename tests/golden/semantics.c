/* What existing calls mean, beyond their types (abi/README.md, "What is
 * stable"): the save format version the library writes, the bytes of its
 * saves of fixed seeded positions, every game's default options, and the
 * defaults the library fills in (tg_game_params_init(),
 * tg_bot_params_init(), and what a bot resolves its level to, for callers
 * of each params version). Each is one line "what ... value";
 * tests/golden/semantics.txt holds the lines each release promised.
 *   golden_semantics check FILE   (run by ctest in every build of the
 *                                 suite) fails when a line of the current
 *                                 library is not in FILE
 *   golden_semantics print        prints the lines for the current library
 * The layouts of tensors, information keys (and so the key's hash seed)
 * and observation JSON are tests/golden/formats.c's; saves and recorded
 * games of older formats loading and replaying are golden.c's.
 * A failure here changed what a program or a file written earlier gets: a
 * save that reads differently needs a new save format version (and the old
 * one kept readable), a default that plays differently a legacy value for
 * older callers (abi/README.md, rules 4 and 7). When the change is meant
 * and allowed (an option added to a game, with its legacy value), add the
 * line `print` gives and keep the old one: it records what 1.x promised. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <boardgames/tablegames.h>
#include <jansson.h>

enum { LINE = 512, MAX_LINES = 256, DECISIONS = 60, SEED = 11 };

typedef struct lines {
    char text[MAX_LINES][LINE];
    size_t n;
} lines;

static int add(lines *l, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static int add(lines *l, const char *fmt, ...)
{
    if (l->n == MAX_LINES)
        return -1;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(l->text[l->n++], LINE, fmt, ap);
    va_end(ap);
    return 0;
}

/* FNV-1a, 64 bits, as in formats.c. */
static uint64_t digest(const void *data, size_t n)
{
    const unsigned char *p = data;
    uint64_t h = 0xcbf29ce484222325ull;
    for (size_t i = 0; i < n; i++)
        h = (h ^ p[i]) * 0x100000001b3ull;
    return h;
}

/* A seeded position of game id (default options): DECISIONS decisions
 * picked with a fixed LCG, chance drawn from the state's own seed. */
static tg_state *position(const char *id, tg_game **g)
{
    tg_state *st = NULL;
    if (tg_game_new(id, NULL, NULL, g, NULL, 0) != TG_OK || tg_state_new(*g, SEED, &st) != TG_OK)
        return NULL;
    tg_move *moves = calloc(tg_game_max_legal_moves(*g), sizeof *moves);
    uint64_t pick = SEED;
    for (int i = 0; moves && i < DECISIONS && !tg_state_is_terminal(st); i++) {
        size_t n = 0;
        tg_status s;
        if (tg_state_current_player(st) == TG_PLAYER_CHANCE) {
            s = tg_state_apply_chance(st, NULL);
        } else {
            s = tg_state_legal_moves(st, moves, tg_game_max_legal_moves(*g), &n);
            pick = pick * 6364136223846793005u + 1442695040888963407u;
            s = s == TG_OK && n > 0 ? tg_state_apply(st, moves[(pick >> 33) % n]) : TG_E_WRONG_PHASE;
        }
        if (s != TG_OK) {
            tg_state_free(st);
            st = NULL;
            break;
        }
    }
    free(moves);
    return st;
}

/* The binary save's header: magic (4 bytes), format version (2), 0 (2),
 * then the writing library's version (4), which every release changes and
 * no reader depends on: it is left out of the digest, and so is the CRC-32
 * that ends the save, since it covers those bytes too (it is a function of
 * the rest, which the digest holds). */
enum { WRITER_AT = 8, WRITER_LEN = 4, CRC_LEN = 4 };

static int save_lines(lines *l, const tg_game_info *info)
{
    tg_game *g = NULL;
    tg_state *st = position(info->id, &g);
    unsigned char *bin = NULL;
    char *text = NULL;
    size_t n = 0, len = 0;
    int bad = !st || tg_state_save(st, &bin, &n) != TG_OK || n < WRITER_AT + WRITER_LEN + CRC_LEN ||
              tg_state_to_json(st, &text, &len) != TG_OK;
    if (!bad) {
        unsigned format = (unsigned)bin[4] | (unsigned)bin[5] << 8;
        memset(bin + WRITER_AT, 0, WRITER_LEN);
        json_t *j = json_loads(text, 0, NULL);
        char *canon = j ? json_dumps(j, JSON_COMPACT | JSON_SORT_KEYS) : NULL;
        json_int_t json_format = json_integer_value(json_object_get(j, "format_version"));
        bad = !canon || add(l, "save_format_version %s binary %u", info->id, format) ||
              add(l, "save_format_version %s json %lld", info->id, (long long)json_format) ||
              add(l, "save %s binary %u %016llx", info->id, format,
                  (unsigned long long)digest(bin, n - CRC_LEN)) ||
              add(l, "save %s json %lld %016llx", info->id, (long long)json_format,
                  (unsigned long long)digest(canon, strlen(canon)));
        free(canon);
        json_decref(j);
    }
    tg_free(bin);
    tg_free(text);
    tg_state_free(st);
    tg_game_free(g);
    return bad ? -1 : 0;
}

static int option_lines(lines *l, const tg_game_info *info)
{
    tg_game *g = NULL;
    if (tg_game_new(info->id, NULL, NULL, &g, NULL, 0) != TG_OK)
        return -1;
    int bad = add(l, "default_options %s %s", info->id, tg_game_options(g)) ||
              add(l, "default_players %s %d", info->id, tg_game_players(g));
    tg_game_free(g);
    return bad ? -1 : 0;
}

/* What a bot of each level resolves its defaults to, for a caller of
 * params version 1 (built against 1.0 or 1.1) and of the current one. */
static int bot_lines(lines *l)
{
    static const char *const level_names[] = {"random", "easy", "medium", "hard"};
    tg_game *g = NULL;
    if (tg_game_new("witches_dance", NULL, NULL, &g, NULL, 0) != TG_OK)
        return -1;
    int bad = 0;
    for (unsigned version = 1; !bad && version <= TG_BOT_PARAMS_VERSION; version++) {
        for (int level = TG_BOT_RANDOM; !bad && level <= TG_BOT_HARD; level++) {
            tg_bot_params p, got;
            tg_bot *bot = NULL;
            bad = tg_bot_params_init(&p, version) != TG_OK;
            p.level = (tg_bot_level)level;
            bad = bad || tg_bot_new(g, 0, &p, &bot) != TG_OK ||
                  tg_bot_params_init(&got, TG_BOT_PARAMS_VERSION) != TG_OK ||
                  tg_bot_get_params(bot, &got) != TG_OK ||
                  add(l, "bot_resolved v%u %s simulations=%u seconds=%g seed=%llu memory=%d", version,
                      level_names[level], (unsigned)got.simulations, got.seconds,
                      (unsigned long long)got.seed, (int)got.memory);
            tg_bot_free(bot);
        }
    }
    tg_game_free(g);
    return bad ? -1 : 0;
}

static int init_lines(lines *l)
{
    for (unsigned version = 1; version <= TG_BOT_PARAMS_VERSION; version++) {
        tg_bot_params p;
        memset(&p, 0xa5, sizeof p);
        if (tg_bot_params_init(&p, version) != TG_OK)
            return -1;
        /* Version 1 ends after seed: the rest is not the library's to write. */
        if (add(l, "bot_params_init v%u version=%u level=%d simulations=%u seconds=%g seed=%llu",
                version, p.version, (int)p.level, (unsigned)p.simulations, p.seconds,
                (unsigned long long)p.seed) ||
            (version >= 2 && add(l, "bot_params_init v%u memory=%d reserved=%u", version,
                                 (int)p.memory, (unsigned)p.reserved)))
            return -1;
    }
    for (unsigned version = 1; version <= TG_GAME_PARAMS_VERSION; version++) {
        tg_game_params p;
        memset(&p, 0xa5, sizeof p);
        if (tg_game_params_init(&p, version) != TG_OK ||
            add(l, "game_params_init v%u version=%u allocator=%s", version, p.version,
                p.allocator ? "set" : "NULL") ||
            (version >= 2 && add(l, "game_params_init v%u sized_allocator=%s", version,
                                 p.sized_allocator ? "set" : "NULL")))
            return -1;
    }
    return 0;
}

static int current_lines(lines *l)
{
    for (size_t i = 0; i < tg_catalogue_count(); i++) {
        const tg_game_info *info = tg_catalogue_get(i);
        if (option_lines(l, info) != 0 || save_lines(l, info) != 0) {
            fprintf(stderr, "golden_semantics: %s could not be played or saved\n", info->id);
            return -1;
        }
    }
    if (init_lines(l) != 0 || bot_lines(l) != 0) {
        fprintf(stderr, "golden_semantics: the parameter defaults could not be read\n");
        return -1;
    }
    return 0;
}

/* Whether FILE holds want as a whole line (comments start with #). */
static int recorded(FILE *f, const char *want)
{
    char line[LINE + 2];
    rewind(f);
    while (fgets(line, sizeof line, f)) {
        line[strcspn(line, "\n")] = '\0';
        if (line[0] != '#' && strcmp(line, want) == 0)
            return 1;
    }
    return 0;
}

int main(int argc, char **argv)
{
    static lines now;
    if (current_lines(&now) != 0)
        return 1;
    if (argc == 2 && strcmp(argv[1], "print") == 0) {
        for (size_t i = 0; i < now.n; i++)
            printf("%s\n", now.text[i]);
        return 0;
    }
    if (argc != 3 || strcmp(argv[1], "check") != 0) {
        fprintf(stderr, "usage: golden_semantics check FILE | golden_semantics print\n");
        return 2;
    }
    FILE *f = fopen(argv[2], "r");
    if (!f) {
        perror(argv[2]);
        return 1;
    }
    int failures = 0;
    for (size_t i = 0; i < now.n; i++) {
        if (recorded(f, now.text[i]))
            continue;
        failures++;
        fprintf(stderr, "golden_semantics: not a recorded meaning: '%s'\n", now.text[i]);
    }
    fclose(f);
    if (failures) {
        fprintf(stderr,
                "  The library now writes other saves or fills in other defaults than 1.x\n"
                "  promised (%s). A save that reads differently needs a new save format\n"
                "  version, a default that plays differently a legacy value for older\n"
                "  callers (abi/README.md, rules 4 and 7). If the change is meant and\n"
                "  allowed, add the line 'golden_semantics print' gives; keep the old one.\n",
                argv[2]);
        return 1;
    }
    printf("golden_semantics: %zu meanings, each as recorded\n", now.n);
    return 0;
}
