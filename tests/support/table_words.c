#include "table_words.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "support.h"

void tgt_assert_words(const tg_state *st, const char *words, const char *notation)
{
    tg_move want, got;
    tg_status s = tg_state_parse_move(st, notation, &want);
    if (s != TG_OK)
        fail_msg("notation '%s' is not legal here (%s); legal: %s", notation,
                 tg_status_name(s), tgt_legal_texts(st));
    s = tg_state_parse_move(st, words, &got);
    if (s != TG_OK)
        fail_msg("'%s' was not understood (%s); legal: %s", words, tg_status_name(s),
                 tgt_legal_texts(st));
    if (got != want) {
        char text[128] = "";
        tg_state_move_text(st, got, text, sizeof text, NULL);
        fail_msg("'%s' parsed as '%s', expected '%s'", words, text, notation);
    }
}

void tgt_assert_words_each(const tg_state *st, const tgt_said *said, size_t count)
{
    for (size_t i = 0; i < count; i++)
        tgt_assert_words(st, said[i].words, said[i].notation);
}

void tgt_assert_no_words(const tg_state *st, const char *words)
{
    tg_move m;
    tg_status s = tg_state_parse_move(st, words, &m);
    if (s != TG_E_PARSE)
        fail_msg("'%s' gave %s, expected TG_E_PARSE", words, tg_status_name(s));
}

const char *tgt_words_refused(tg_state *st, const char *words)
{
    static char msg[512];
    tg_move m;
    tg_status s = tg_state_parse_move(st, words, &m);
    if (s != TG_E_ILLEGAL_MOVE)
        fail_msg("'%s' gave %s, expected TG_E_ILLEGAL_MOVE", words, tg_status_name(s));
    size_t len = 0;
    unsigned char *before = tgt_save(st, &len);
    s = tg_state_apply_text(st, words);
    if (s != TG_E_ILLEGAL_MOVE)
        fail_msg("applying '%s' gave %s, expected TG_E_ILLEGAL_MOVE", words, tg_status_name(s));
    tgt_assert_save_is(st, before, len, "state after refused words");
    tg_free(before);
    snprintf(msg, sizeof msg, "%s", tg_state_last_error(st));
    return msg;
}

void tgt_assert_refused(tg_state *st, const char *words, const char *reason)
{
    const char *msg = tgt_words_refused(st, words);
    if (!strstr(msg, reason))
        fail_msg("'%s' was refused with \"%s\", which does not say \"%s\"", words, msg, reason);
}

double tgt_prob(const tg_state *st, const char *text)
{
    tg_move moves[64], want;
    double probs[64];
    size_t count = 0;
    assert_int_equal(tg_state_chance_outcomes(st, moves, probs, 64, &count), TG_OK);
    if (tg_state_parse_move(st, text, &want) != TG_OK)
        return -1;
    for (size_t i = 0; i < count; i++)
        if (moves[i] == want)
            return probs[i];
    return -1;
}
