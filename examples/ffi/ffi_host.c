/* A run-time host for libtablegames, the way a language runtime binds a C
 * library: no link-time dependency and no tablegames header. The library is
 * opened with dlopen(), each function is looked up with dlsym() and called
 * only through ffi_call() with a call interface described at run time.
 *
 * It plays one complete random game of every game in the catalogue for
 * every player count, printing the moves, the last events and the result.
 * The games are made with parameters the library fills (tg_game_params_init),
 * chance is drawn by the host from the exact integer weights, seat 0's first
 * move comes from a bot, some decisions are made by tg_state_step() and
 * tg_state_step_chance() (checked against the state), every 1.2
 * function is bound and called, and so is every 1.4 one: the action
 * numbering, masks, utilities, information tensors and a small batch
 * stepped through its arrays.
 *
 *   ffi_host [library-path] [game-id]
 *
 * The library path defaults to the versioned soname, libtablegames.so.1.
 */
#include <dlfcn.h>
#include <ffi.h>
#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* What a runtime learns from the library's documentation rather than its
 * headers: the numbers of the contract. */
enum { HOST_OK = 0, HOST_PLAYER_CHANCE = -1, HOST_PLAYER_TERMINAL = -2, HOST_VIEW_ALL = -1,
       HOST_VIEW_PUBLIC = -2 };
enum { HOST_ABI_MAJOR = 1, HOST_MAX_PLAYERS = 8, HOST_E_WRONG_PHASE = -5 };
/* Versions of the parameter layouts, and room enough for either: the
 * library fills them (tg_*_params_init), so the host needs no layout. */
enum { HOST_GAME_PARAMS_VERSION = 2, HOST_BOT_PARAMS_VERSION = 2, HOST_PARAMS_BYTES = 128 };
typedef union host_params {
    unsigned char bytes[HOST_PARAMS_BYTES];
    long double align;
    void *ptr;
} host_params;

/* The leading fields of tg_game_info; later minor versions only append. */
typedef struct host_game_info {
    const char *id;
    const char *name;
    const char *summary;
    int min_players;
    int max_players;
} host_game_info;

/* The functions this host calls, with their C signatures described to
 * libffi. P: pointer, I: int (and enums), N: unsigned int, U32, U64,
 * Z: size_t, V: void. */
typedef enum host_fn_id {
    F_VERSION, F_STATUS_NAME, F_FREE, F_CAT_COUNT, F_CAT_GET,
    F_GAME_PARAMS_INIT, F_GAME_NEW, F_GAME_FREE, F_GAME_REF, F_GAME_MAX_LEGAL,
    F_STATE_NEW, F_STATE_FREE, F_STATE_GAME, F_CURRENT, F_IS_TERMINAL, F_LEGAL, F_APPLY,
    F_APPLY_CHANCE, F_CHANCE_WEIGHTS, F_STEP, F_STEP_CHANCE, F_MOVE_TEXT, F_EVENTS, F_TO_TEXT,
    F_WINNERS, F_RETURNS_V2, F_LAST_ERROR, F_TENSOR_SIZE, F_TENSOR, F_INFO_JSON, F_INFO_KEY,
    F_BOT_PARAMS_INIT, F_BOT_NEW_V2, F_BOT_CHOOSE, F_BOT_GET_PARAMS, F_BOT_LAST_ERROR,
    F_BOT_FREE,
    F_PLAYER_MOVES, F_CHANCE_IDS, F_IS_CHANCE, F_LENGTH_BOUND, F_UTILITY, F_HIDDEN, F_FORMAT,
    F_SHAPE, F_MASK, F_ANY_TEXT, F_HIST_PLAYER, F_SIZED_INIT,
    F_POSITION_KEY, F_SET_UNDO_REWINDS, F_UNDO_REWINDS,
    F_ACTION_MOVE, F_MOVE_ACTION, F_UTILITY_SUM, F_INFO_SIZE, F_ACTION_MASK, F_INFO_TENSOR,
    F_IS_TRUNCATED, F_UTILITIES, F_BATCH_PARAMS_INIT, F_BATCH_NEW, F_BATCH_FREE, F_BATCH_SIZE,
    F_BATCH_GAME, F_BATCH_RESET, F_BATCH_OBSERVE, F_BATCH_STEP, F_BATCH_STATE, F_BATCH_SEED,
    F_COUNT
} host_fn_id;

typedef struct host_fn_spec {
    const char *name;
    const char *sig; /* return type, then argument types */
} host_fn_spec;

static const host_fn_spec host_specs[F_COUNT] = {
    [F_VERSION] = { "tg_version", "VPPP" },
    [F_STATUS_NAME] = { "tg_status_name", "PI" },
    [F_FREE] = { "tg_free", "VP" },
    [F_CAT_COUNT] = { "tg_catalogue_count", "Z" },
    [F_CAT_GET] = { "tg_catalogue_get", "PZ" },
    [F_GAME_PARAMS_INIT] = { "tg_game_params_init_v2", "IPNPZ" },
    [F_GAME_NEW] = { "tg_game_new", "IPPPPPZ" },
    [F_GAME_FREE] = { "tg_game_free", "VP" },
    [F_GAME_REF] = { "tg_game_ref", "PP" },
    [F_GAME_MAX_LEGAL] = { "tg_game_max_legal_moves", "UP" },
    [F_STATE_NEW] = { "tg_state_new", "IPQP" },
    [F_STATE_FREE] = { "tg_state_free", "VP" },
    [F_STATE_GAME] = { "tg_state_game", "PP" },
    [F_CURRENT] = { "tg_state_current_player", "IP" },
    [F_IS_TERMINAL] = { "tg_state_is_terminal", "IP" },
    [F_LEGAL] = { "tg_state_legal_moves", "IPPZP" },
    [F_APPLY] = { "tg_state_apply", "IPU" },
    [F_APPLY_CHANCE] = { "tg_state_apply_chance", "IPP" },
    [F_CHANCE_WEIGHTS] = { "tg_state_chance_weights", "IPPPZPP" },
    [F_STEP] = { "tg_state_step", "IPUPPZP" },
    [F_STEP_CHANCE] = { "tg_state_step_chance", "IPPPPZP" },
    [F_MOVE_TEXT] = { "tg_state_move_text", "IPUPZP" },
    [F_EVENTS] = { "tg_state_events_json", "IPIPP" },
    [F_TO_TEXT] = { "tg_state_to_text", "IPIPP" },
    [F_WINNERS] = { "tg_state_winners", "IPP" },
    [F_RETURNS_V2] = { "tg_state_returns_v2", "IPPZP" },
    [F_LAST_ERROR] = { "tg_state_last_error", "PP" },
    [F_TENSOR_SIZE] = { "tg_game_observation_tensor_size", "ZP" },
    [F_TENSOR] = { "tg_state_observation_tensor", "IPIPZ" },
    [F_INFO_JSON] = { "tg_state_information_json", "IPIPP" },
    [F_INFO_KEY] = { "tg_state_information_key", "IPIP" },
    [F_BOT_PARAMS_INIT] = { "tg_bot_params_init_v2", "IPNPZ" },
    [F_BOT_NEW_V2] = { "tg_bot_new_v2", "IPIPPPZ" },
    [F_BOT_CHOOSE] = { "tg_bot_choose", "IPPP" },
    [F_BOT_GET_PARAMS] = { "tg_bot_get_params", "IPP" },
    [F_BOT_LAST_ERROR] = { "tg_bot_last_error", "PP" },
    [F_BOT_FREE] = { "tg_bot_free", "VP" },
    [F_PLAYER_MOVES] = { "tg_game_player_move_count", "UP" },
    [F_CHANCE_IDS] = { "tg_game_chance_outcome_count", "UP" },
    [F_IS_CHANCE] = { "tg_game_move_is_chance", "IPU" },
    [F_LENGTH_BOUND] = { "tg_game_length_bound", "UP" },
    [F_UTILITY] = { "tg_game_utility_range", "IPPP" },
    [F_HIDDEN] = { "tg_game_has_hidden_information", "IP" },
    [F_FORMAT] = { "tg_game_format_version", "IPI" },
    [F_SHAPE] = { "tg_game_observation_tensor_shape", "IPPZP" },
    [F_MASK] = { "tg_state_legal_mask", "IPPZ" },
    [F_ANY_TEXT] = { "tg_state_any_move_text", "IPUPZP" },
    [F_HIST_PLAYER] = { "tg_state_history_player", "IPUP" },
    [F_SIZED_INIT] = { "tg_sized_allocator_init", "IPZPZ" },
    [F_POSITION_KEY] = { "tg_state_position_key", "IPP" },
    [F_SET_UNDO_REWINDS] = { "tg_state_set_undo_rewinds_rng", "IPI" },
    [F_UNDO_REWINDS] = { "tg_state_undo_rewinds_rng", "IP" },
    [F_ACTION_MOVE] = { "tg_game_action_move", "IPIUP" },
    [F_MOVE_ACTION] = { "tg_game_move_action", "IPUP" },
    [F_UTILITY_SUM] = { "tg_game_utility_sum", "IPIP" },
    [F_INFO_SIZE] = { "tg_game_information_tensor_size", "ZP" },
    [F_ACTION_MASK] = { "tg_state_action_mask", "IPPZ" },
    [F_INFO_TENSOR] = { "tg_state_information_tensor", "IPIPZ" },
    [F_IS_TRUNCATED] = { "tg_state_is_truncated", "IP" },
    [F_UTILITIES] = { "tg_state_utilities", "IPIPZP" },
    [F_BATCH_PARAMS_INIT] = { "tg_batch_params_init", "IPNPZ" },
    [F_BATCH_NEW] = { "tg_batch_new", "IPZQPPPZ" },
    [F_BATCH_FREE] = { "tg_batch_free", "VP" },
    [F_BATCH_SIZE] = { "tg_batch_size", "ZP" },
    [F_BATCH_GAME] = { "tg_batch_game", "PP" },
    [F_BATCH_RESET] = { "tg_batch_reset", "IPQ" },
    [F_BATCH_OBSERVE] = { "tg_batch_observe", "IPZZPPZ" },
    [F_BATCH_STEP] = { "tg_batch_step", "IPZZPPPZ" },
    [F_BATCH_STATE] = { "tg_batch_state", "PPZ" },
    [F_BATCH_SEED] = { "tg_batch_seed", "IPZP" },
};

/* tg_batch_buffers as its documentation describes it, version 1: the host
 * spells this layout out, as a runtime's binding description would (the
 * library has no init call for it). */
enum { HOST_BATCH_PARAMS_VERSION = 1, HOST_BATCH_BUFFERS_VERSION = 1, HOST_DRAW_SHARED = 1 };
typedef struct host_batch_buffers {
    unsigned version;
    int32_t *player;
    uint8_t *mask;
    float *observation;
    float *information;
    double *rewards;
    uint8_t *done;
} host_batch_buffers;

#define HOST_MAX_ARGS 7

typedef struct host_fn {
    void (*code)(void);
    ffi_cif cif;
    ffi_type *args[HOST_MAX_ARGS];
} host_fn;

typedef struct host {
    void *lib;
    host_fn fn[F_COUNT];
} host;

static ffi_type *host_type(char c)
{
    switch (c) {
    case 'P': return &ffi_type_pointer;
    case 'I': return &ffi_type_sint;
    case 'N': return &ffi_type_uint;
    case 'U': return &ffi_type_uint32;
    case 'Q': return &ffi_type_uint64;
    case 'Z': return sizeof(size_t) == 8 ? &ffi_type_uint64 : &ffi_type_uint32;
    default: return &ffi_type_void;
    }
}

static int host_bind(host *h, const char *path)
{
    h->lib = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    if (h->lib == NULL) {
        fprintf(stderr, "ffi_host: cannot open %s: %s\n", path, dlerror());
        return -1;
    }
    for (int i = 0; i < F_COUNT; i++) {
        const char *sig = host_specs[i].sig;
        unsigned nargs = (unsigned)strlen(sig) - 1;
        void *sym = dlsym(h->lib, host_specs[i].name);
        if (sym == NULL) {
            fprintf(stderr, "ffi_host: %s lacks %s\n", path, host_specs[i].name);
            return -1;
        }
        /* Object and function pointers share a representation on every
         * platform dlsym() exists on; memcpy says so without a cast warning. */
        memcpy(&h->fn[i].code, &sym, sizeof sym);
        for (unsigned a = 0; a < nargs; a++)
            h->fn[i].args[a] = host_type(sig[a + 1]);
        if (ffi_prep_cif(&h->fn[i].cif, FFI_DEFAULT_ABI, nargs, host_type(sig[0]),
                         h->fn[i].args) != FFI_OK) {
            fprintf(stderr, "ffi_host: ffi_prep_cif failed for %s\n", host_specs[i].name);
            return -1;
        }
    }
    return 0;
}

/* Calls a function; args[] point at the argument values. Integral results
 * come back widened to ffi_arg, as libffi requires. */
static ffi_arg host_call(host *h, host_fn_id id, void **args)
{
    ffi_arg ret = 0;
    ffi_call(&h->fn[id].cif, h->fn[id].code, &ret, args);
    return ret;
}

static int host_status(host *h, host_fn_id id, void **args)
{
    return (int)(int32_t)host_call(h, id, args);
}

static void *host_pointer(host *h, host_fn_id id, void **args)
{
    void *ret = NULL;
    ffi_call(&h->fn[id].cif, h->fn[id].code, &ret, args);
    return ret;
}

static const char *host_status_name(host *h, int status)
{
    void *args[] = { &status };
    return host_pointer(h, F_STATUS_NAME, args);
}

/* A small deterministic generator so every run plays the same games. */
static uint32_t host_random(uint64_t *s)
{
    *s = *s * 6364136223846793005u + 1442695040888963407u;
    return (uint32_t)(*s >> 33);
}

/* Prints a tg_free() text returned by an events/text call. */
static void host_print_view(host *h, host_fn_id id, void *state, int viewer, const char *prefix)
{
    char *text = NULL;
    size_t len = 0;
    void *pt = &text, *pl = &len;
    void *args[] = { &state, &viewer, &pt, &pl };
    if (host_status(h, id, args) == HOST_OK)
        printf("%s%s\n", prefix, text);
    void *fargs[] = { &text };
    host_call(h, F_FREE, fargs);
}

/* A chance outcome drawn by the host itself from the exact integer weights
 * (moves and weights hold cap entries each). */
static int host_draw_chance(host *h, void *state, uint32_t *moves, uint32_t *weights, size_t cap,
                            uint64_t *seed, uint32_t *out)
{
    size_t count = 0;
    uint64_t total = 0;
    void *pm = moves, *pw = weights, *pc = &count, *pt = &total;
    void *args[] = { &state, &pm, &pw, &cap, &pc, &pt };
    int st = host_status(h, F_CHANCE_WEIGHTS, args);
    if (st != HOST_OK)
        return st;
    if (count == 0 || total == 0)
        return -1;
    uint64_t r = (((uint64_t)host_random(seed) << 32) | host_random(seed)) % total;
    size_t i = 0;
    while (r >= weights[i])
        r -= weights[i++];
    *out = moves[i];
    return HOST_OK;
}

/* Seat 0's bot, made with parameters the library fills and read back. */
static void *host_new_bot(host *h, void *game)
{
    host_params params;
    unsigned version = HOST_BOT_PARAMS_VERSION;
    char err[256] = "";
    size_t errsize = sizeof err;
    int seat = 0;
    void *bot = NULL, *pp = &params, *pb = &bot, *pe = err;
    void *iargs[] = { &pp, &version, &pe, &errsize };
    void *nargs[] = { &game, &seat, &pp, &pb, &pe, &errsize };
    if (host_status(h, F_BOT_PARAMS_INIT, iargs) != HOST_OK ||
        host_status(h, F_BOT_NEW_V2, nargs) != HOST_OK) {
        fprintf(stderr, "ffi_host: no bot: %s\n", err);
        return NULL;
    }
    void *gargs[] = { &bot, &pp };
    if (host_status(h, F_BOT_GET_PARAMS, gargs) != HOST_OK) {
        void *fargs[] = { &bot };
        host_call(h, F_BOT_FREE, fargs);
        return NULL;
    }
    return bot;
}

/* Asks the bot for a move; returns its status. */
static int host_bot_choose(host *h, void *bot, void *state, uint32_t *move)
{
    void *pm = move;
    void *args[] = { &bot, &state, &pm };
    return host_status(h, F_BOT_CHOOSE, args);
}

/* The state's own game, by a reference of the host's: the same handle. */
static int host_game_is_kept(host *h, void *state, void *game)
{
    void *one_state[] = { &state };
    void *borrowed = host_pointer(h, F_STATE_GAME, one_state);
    void *bargs[] = { &borrowed };
    void *ref = host_pointer(h, F_GAME_REF, bargs);
    void *rargs[] = { &ref };
    host_call(h, F_GAME_FREE, rargs);
    return ref == game;
}

/* After the end the bot refuses, and says why. */
static int host_bot_refuses_the_end(host *h, void *bot, void *state)
{
    uint32_t move = 0;
    void *one_bot[] = { &bot };
    if (host_bot_choose(h, bot, state, &move) != HOST_E_WRONG_PHASE)
        return -1;
    const char *why = host_pointer(h, F_BOT_LAST_ERROR, one_bot);
    if (why == NULL || why[0] == '\0')
        return -1;
    printf("bot after the end: %s\n", why);
    return 0;
}

static int host_print_returns(host *h, void *state, int players)
{
    double returns[HOST_MAX_PLAYERS] = { 0 };
    size_t cap = HOST_MAX_PLAYERS, count = 0;
    void *pr = returns, *pc = &count;
    void *args[] = { &state, &pr, &cap, &pc };
    if (host_status(h, F_RETURNS_V2, args) != HOST_OK || count != (size_t)players)
        return -1;
    printf("returns:");
    for (size_t i = 0; i < count; i++)
        printf(" %.3g", returns[i]);
    printf("\n");
    return 0;
}

/* What a spectator sees, as a learning program would read it: the public
 * tensor's size and how many slots are set; and player 0's information key. */
static int host_print_public(host *h, void *game, void *state)
{
    void *one_game[] = { &game };
    size_t n = (size_t)host_call(h, F_TENSOR_SIZE, one_game);
    float *t = calloc(n > 0 ? n : 1, sizeof *t);
    int viewer = HOST_VIEW_PUBLIC, player = 0;
    void *pt = t;
    void *targs[] = { &state, &viewer, &pt, &n };
    uint64_t key[2] = { 0, 0 };
    void *pk = key;
    void *kargs[] = { &state, &player, &pk };
    int ok = t != NULL && host_status(h, F_TENSOR, targs) == HOST_OK &&
             host_status(h, F_INFO_KEY, kargs) == HOST_OK;
    size_t set = 0;
    for (size_t i = 0; ok && i < n; i++)
        set += t[i] != 0.0f;
    free(t);
    if (!ok)
        return -1;
    printf("public tensor: %zu floats, %zu set; player 0's key %016" PRIx64 "%016" PRIx64 "\n",
           n, set, key[1], key[0]);
    host_print_view(h, F_INFO_JSON, state, player, "player 0 knows: ");
    return 0;
}

/* tg_sized_allocator as this host lays it out (common.h): the init call
 * (1.3) must accept the host's size and write it into the size field. */
typedef struct host_sized_allocator {
    size_t size;
    void *resize;
    void *user_data;
} host_sized_allocator;

static int host_check_sized_allocator(host *h)
{
    host_sized_allocator a = { 0, NULL, NULL };
    char err[256] = "";
    size_t size = sizeof a, errsize = sizeof err;
    void *pa = &a, *perr = err;
    void *args[] = { &pa, &size, &perr, &errsize };
    int st = host_status(h, F_SIZED_INIT, args);
    if (st != HOST_OK || a.size != sizeof a) {
        fprintf(stderr, "ffi_host: tg_sized_allocator_init: %s %s (size field %zu)\n",
                host_status_name(h, st), err, a.size);
        return -1;
    }
    return 0;
}

/* The 1.3 research figures of a game and a state: the split of the move
 * space, the bound, the range, the formats, the shape; the mask against
 * the legal list; the text of the last id and who made the first decision. */
static int host_print_research(host *h, void *game, void *state)
{
    void *one_game[] = { &game };
    uint32_t players_ids = (uint32_t)host_call(h, F_PLAYER_MOVES, one_game);
    uint32_t chance_ids = (uint32_t)host_call(h, F_CHANCE_IDS, one_game);
    /* Every id is a player's or chance's: together, the move space. */
    uint32_t move_count = players_ids + chance_ids;
    uint32_t bound = (uint32_t)host_call(h, F_LENGTH_BOUND, one_game);
    int hidden = (int)(int32_t)host_call(h, F_HIDDEN, one_game);
    uint32_t zero = 0;
    void *cargs[] = { &game, &zero };
    int first_is_chance = (int)(int32_t)host_call(h, F_IS_CHANCE, cargs);
    double lo = -1, hi = -1;
    void *plo = &lo, *phi = &hi;
    void *uargs[] = { &game, &plo, &phi };
    int formats[3];
    for (int f = 0; f < 3; f++) {
        void *fargs[] = { &game, &f };
        formats[f] = (int)(int32_t)host_call(h, F_FORMAT, fargs);
    }
    size_t shape[4] = { 0 }, rank = 0, cap = 4;
    void *pshape = shape, *prank = &rank;
    void *sargs[] = { &game, &pshape, &cap, &prank };
    unsigned char *mask = calloc(move_count, 1);
    size_t mcap = move_count, set = 0;
    void *pmask = mask;
    void *margs[] = { &state, &pmask, &mcap };
    char text[128];
    size_t tlen = 0, tcap = sizeof text;
    uint32_t last = move_count - 1;
    void *ptext = text, *ptlen = &tlen;
    void *targs[] = { &state, &last, &ptext, &tcap, &ptlen };
    int who = 99;
    uint32_t index0 = 0;
    void *pwho = &who;
    void *wargs[] = { &state, &index0, &pwho };
    int ok = mask != NULL && move_count > 0 &&
             host_status(h, F_UTILITY, uargs) == HOST_OK &&
             host_status(h, F_SHAPE, sargs) == HOST_OK && rank == 1 &&
             host_status(h, F_MASK, margs) == HOST_OK &&
             host_status(h, F_ANY_TEXT, targs) == HOST_OK &&
             host_status(h, F_HIST_PLAYER, wargs) == HOST_OK;
    for (size_t i = 0; ok && i < move_count; i++)
        set += mask[i];
    free(mask);
    if (!ok)
        return -1;
    printf("research: %u player ids, %u chance ids (id 0 %s), length bound %u, returns %g..%g, "
           "%s, formats %d/%d/%d, tensor shape [%zu], %zu legal now, id %u reads '%s', "
           "decision 0 by %d\n",
           (unsigned)players_ids, (unsigned)chance_ids, first_is_chance ? "chance" : "a move",
           (unsigned)bound, lo, hi, hidden ? "hidden information" : "nothing hidden",
           formats[0], formats[1], formats[2], shape[0], set, (unsigned)last, text, who);
    return 0;
}

/* The 1.4 calls on the finished game's state and game, then a batch of
 * four slots stepped through its arrays (each slot's first legal action),
 * its rows held to the slots' own states. */
static int host_print_batch(host *h, void *game, void *state, int players)
{
    void *one_game[] = { &game }, *one_state[] = { &state };
    uint32_t actions = (uint32_t)host_call(h, F_PLAYER_MOVES, one_game);
    size_t info = (size_t)host_call(h, F_INFO_SIZE, one_game);
    size_t obs = (size_t)host_call(h, F_TENSOR_SIZE, one_game);
    enum { N = 4, STEPS = 60 };
    uint8_t *mask = calloc((size_t)N * actions + 1, 1), done[N];
    float *obs_rows = calloc((size_t)N * obs, sizeof(float));
    float *info_rows = calloc((size_t)N * info, sizeof(float));
    double rewards[N * HOST_MAX_PLAYERS], u[HOST_MAX_PLAYERS], sum = 0;
    int32_t player[N];
    uint32_t act[N];
    int ok = mask && obs_rows && info_rows;
    /* The finished state: no legal action, utilities summing to 1. */
    size_t cap = actions, ucap = HOST_MAX_PLAYERS, count = 0, set = 0;
    int draw = HOST_DRAW_SHARED, seat = 0;
    void *pmask = mask, *pu = u, *pcount = &count, *pinfo = info_rows, *psum = &sum;
    void *margs[] = { &state, &pmask, &cap };
    void *uargs[] = { &state, &draw, &pu, &ucap, &pcount };
    void *targs[] = { &state, &seat, &pinfo, &info };
    ok = ok && host_status(h, F_ACTION_MASK, margs) == HOST_OK &&
         host_status(h, F_UTILITIES, uargs) == HOST_OK && count == (size_t)players &&
         host_status(h, F_INFO_TENSOR, targs) == HOST_OK &&
         (int)(int32_t)host_call(h, F_IS_TRUNCATED, one_state) == 0;
    double total = 0;
    for (size_t i = 0; ok && i < actions; i++)
        set += mask[i];
    for (size_t p = 0; ok && p < count; p++)
        total += u[p];
    /* Action 0 of a player and back; shared draws sum to 1. */
    uint32_t zero = 0, back = 99;
    uint32_t move = 0;
    void *pmove = &move, *pback = &back;
    void *aargs[] = { &game, &seat, &zero, &pmove };
    void *bargs[] = { &game, &move, &pback };
    void *sargs[] = { &game, &draw, &psum };
    ok = ok && set == 0 && total > 0.999 && total < 1.001 &&
         host_status(h, F_ACTION_MOVE, aargs) == HOST_OK &&
         host_status(h, F_MOVE_ACTION, bargs) == HOST_OK && back == 0 &&
         (int)(int32_t)host_call(h, F_UTILITY_SUM, sargs) == 1 && sum == 1.0;
    /* The batch. */
    host_params params;
    unsigned version = HOST_BATCH_PARAMS_VERSION;
    void *batch = NULL, *pparams = &params, *pbatch = &batch, *null = NULL;
    size_t zero_z = 0, n = N, first = 0;
    uint64_t seed = 7;
    void *iargs[] = { &pparams, &version, &null, &zero_z };
    void *nargs[] = { &game, &n, &seed, &pparams, &pbatch, &null, &zero_z };
    ok = ok && host_status(h, F_BATCH_PARAMS_INIT, iargs) == HOST_OK &&
         host_status(h, F_BATCH_NEW, nargs) == HOST_OK;
    host_batch_buffers bufs = { HOST_BATCH_BUFFERS_VERSION, player, mask, obs_rows, info_rows,
                                rewards, done };
    void *pbufs = &bufs, *pact = act;
    void *one_batch[] = { &batch };
    void *oargs[] = { &batch, &first, &n, &pbufs, &null, &zero_z };
    void *stargs[] = { &batch, &first, &n, &pact, &pbufs, &null, &zero_z };
    int ended = 0;
    ok = ok && host_status(h, F_BATCH_OBSERVE, oargs) == HOST_OK &&
         (size_t)host_call(h, F_BATCH_SIZE, one_batch) == N &&
         host_pointer(h, F_BATCH_GAME, one_batch) == game;
    for (int s = 0; ok && s < STEPS; s++) {
        for (size_t i = 0; i < N; i++) {
            act[i] = 0;
            while (act[i] < actions && !mask[i * actions + act[i]])
                act[i]++;
        }
        ok = host_status(h, F_BATCH_STEP, stargs) == HOST_OK;
        for (size_t i = 0; ok && i < N; i++)
            ended += done[i] != 0;
    }
    /* Slot 1's state is at its player's decision; its seed is known. */
    size_t one = 1;
    uint64_t slot_seed = 0;
    void *pseed = &slot_seed;
    void *qargs[] = { &batch, &one, &pseed };
    void *slot_args[] = { &batch, &one };
    void *slot = ok ? host_pointer(h, F_BATCH_STATE, slot_args) : NULL;
    void *one_slot[] = { &slot };
    ok = ok && slot != NULL && host_status(h, F_CURRENT, one_slot) == player[1] &&
         host_status(h, F_BATCH_SEED, qargs) == HOST_OK;
    uint64_t again = 11;
    void *rargs[] = { &batch, &again };
    ok = ok && host_status(h, F_BATCH_RESET, rargs) == HOST_OK;
    if (batch != NULL)
        host_call(h, F_BATCH_FREE, one_batch);
    free(mask);
    free(obs_rows);
    free(info_rows);
    if (!ok) {
        fprintf(stderr, "ffi_host: a 1.4 call failed\n");
        return -1;
    }
    printf("1.4: %u actions, information tensor of %zu floats, shared draws sum to %g; a batch "
           "of %d slots took %d steps (%d games ended, slot 1 on seed %" PRIu64 ")\n",
           (unsigned)actions, info, total, N, STEPS, ended, slot_seed);
    return 0;
}

static int host_play(host *h, const char *id, int players, uint64_t seed)
{
    char options[32], err[256] = "";
    host_params params;
    unsigned version = HOST_GAME_PARAMS_VERSION;
    void *game = NULL, *state = NULL, *bot = NULL, *p_params = &params;
    void *one_state[] = { &state }; /* before any goto out, which uses it */
    void *p_id = (void *)id, *p_opt = options, *p_game = &game, *p_err = err;
    size_t errsize = sizeof err;
    int result = -1;
    snprintf(options, sizeof options, "players=%d", players);
    void *pargs[] = { &p_params, &version, &p_err, &errsize };
    int st = host_status(h, F_GAME_PARAMS_INIT, pargs);
    void *gargs[] = { &p_id, &p_opt, &p_params, &p_game, &p_err, &errsize };
    if (st == HOST_OK)
        st = host_status(h, F_GAME_NEW, gargs);
    if (st != HOST_OK) {
        fprintf(stderr, "ffi_host: %s: %s %s\n", id, host_status_name(h, st), err);
        return -1;
    }
    void *one_game[] = { &game };
    uint32_t cap = (uint32_t)host_call(h, F_GAME_MAX_LEGAL, one_game);
    uint32_t *moves = calloc(cap > 0 ? cap : 1, sizeof *moves);
    uint32_t *weights = calloc(cap > 0 ? cap : 1, sizeof *weights);
    void *p_state = &state;
    void *sargs[] = { &game, &seed, &p_state };
    st = moves != NULL && weights != NULL ? host_status(h, F_STATE_NEW, sargs) : -11;
    if (st != HOST_OK || !host_game_is_kept(h, state, game) || !(bot = host_new_bot(h, game)))
        goto out;
    printf("== %s, %d players, seed %" PRIu64 "\n", id, players, seed);
    unsigned decisions = 0;
    int asked_bot = 0;
    /* After a step, the player it reported, checked against the state. */
    int stepped = 0, next = 0;
    size_t capz = cap, listed = 0;
    void *p_moves = moves, *p_next = &next, *p_listed = &listed;
    while (!(int)host_call(h, F_IS_TERMINAL, one_state)) {
        int player = host_status(h, F_CURRENT, one_state);
        uint32_t move = 0;
        if (stepped && next != player) {
            fprintf(stderr, "ffi_host: a step said player %d is next, the state says %d\n",
                    next, player);
            goto out;
        }
        stepped = 0;
        if (player == HOST_PLAYER_CHANCE && decisions % 4 == 0) {
            void *p_move = &move;
            void *cargs[] = { &state, &p_move };
            st = host_status(h, F_APPLY_CHANCE, cargs);
        } else if (player == HOST_PLAYER_CHANCE && decisions % 4 == 2) {
            /* Draw and apply in one call, and learn the next decision. */
            void *p_move = &move;
            void *cargs[] = { &state, &p_move, &p_next, &p_moves, &capz, &p_listed };
            st = host_status(h, F_STEP_CHANCE, cargs);
            stepped = st == HOST_OK;
        } else if (player == HOST_PLAYER_CHANCE) {
            st = host_draw_chance(h, state, moves, weights, cap, &seed, &move);
            void *aargs[] = { &state, &move };
            if (st == HOST_OK)
                st = host_status(h, F_APPLY, aargs);
        } else {
            size_t count = 0;
            void *p_count = &count;
            void *largs[] = { &state, &p_moves, &capz, &p_count };
            st = host_status(h, F_LEGAL, largs);
            if (st != HOST_OK || count == 0) {
                fprintf(stderr, "ffi_host: no legal move (%s)\n", host_status_name(h, st));
                goto out;
            }
            move = moves[host_random(&seed) % count];
            if (player == 0 && !asked_bot) {
                asked_bot = 1;
                if ((st = host_bot_choose(h, bot, state, &move)) != HOST_OK)
                    goto out;
            }
            char text[64] = "";
            size_t tcap = sizeof text, tlen = 0;
            void *p_text = text, *p_tlen = &tlen;
            void *targs[] = { &state, &move, &p_text, &tcap, &p_tlen };
            if (host_status(h, F_MOVE_TEXT, targs) != HOST_OK)
                snprintf(text, sizeof text, "#%" PRIu32, move);
            /* Every other move by a step, which also reports the next decision. */
            void *aargs[] = { &state, &move };
            void *stargs[] = { &state, &move, &p_next, &p_moves, &capz, &p_listed };
            st = host_status(h, decisions % 2 ? F_STEP : F_APPLY, decisions % 2 ? stargs : aargs);
            stepped = st == HOST_OK && decisions % 2;
            printf("player %d plays %s\n", player, text);
        }
        if (st != HOST_OK) {
            fprintf(stderr, "ffi_host: %s: %s\n", host_status_name(h, st),
                    (const char *)host_pointer(h, F_LAST_ERROR, one_state));
            goto out;
        }
        decisions++;
    }
    host_print_view(h, F_EVENTS, state, HOST_VIEW_ALL, "last events: ");
    host_print_view(h, F_TO_TEXT, state, HOST_VIEW_ALL, "");
    uint32_t mask = 0;
    void *p_mask = &mask;
    void *wargs[] = { &state, &p_mask };
    st = host_status(h, F_WINNERS, wargs);
    if (st != HOST_OK || host_print_returns(h, state, players) != 0 ||
        host_print_public(h, game, state) != 0 || host_print_research(h, game, state) != 0 ||
        host_print_batch(h, game, state, players) != 0 ||
        host_check_sized_allocator(h) != 0 ||
        host_bot_refuses_the_end(h, bot, state) != 0)
        goto out;
    printf("game over after %u decisions; winners mask 0x%" PRIx32 "\n", decisions, mask);
    result = 0;
out:
    if (bot != NULL) {
        void *one_bot[] = { &bot };
        host_call(h, F_BOT_FREE, one_bot);
    }
    if (state != NULL)
        host_call(h, F_STATE_FREE, one_state);
    host_call(h, F_GAME_FREE, one_game);
    free(moves);
    free(weights);
    return result;
}

int main(int argc, char **argv)
{
    const char *path = argc > 1 ? argv[1] : "libtablegames.so.1";
    const char *only = argc > 2 ? argv[2] : NULL;
    host h;
    int major = 0, failures = 0, played = 0;
    if (host_bind(&h, path) != 0)
        return 1;
    void *p_major = &major, *p_null = NULL;
    void *vargs[] = { &p_major, &p_null, &p_null };
    host_call(&h, F_VERSION, vargs);
    if (major != HOST_ABI_MAJOR) {
        fprintf(stderr, "ffi_host: library major version %d, this host speaks %d\n", major,
                HOST_ABI_MAJOR);
        return 1;
    }
    size_t count = (size_t)host_call(&h, F_CAT_COUNT, NULL);
    for (size_t i = 0; i < count; i++) {
        void *iargs[] = { &i };
        const host_game_info *info = host_pointer(&h, F_CAT_GET, iargs);
        if (info == NULL || (only != NULL && strcmp(only, info->id) != 0))
            continue;
        for (int n = info->min_players; n <= info->max_players; n++) {
            failures += host_play(&h, info->id, n, 1000u + (uint64_t)n) != 0;
            played++;
        }
    }
    dlclose(h.lib);
    if (played == 0) {
        fprintf(stderr, "ffi_host: no game played\n");
        return 1;
    }
    printf("%d games played, %d failed\n", played, failures);
    return failures == 0 ? 0 : 1;
}
