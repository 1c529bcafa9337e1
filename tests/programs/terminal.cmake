# The terminal of tablegames play as a person meets it (issue 20): help on
# every command, player ranges, the move list's letters, typing the start
# of a move, :undo, :help, :rules, and no chance outcome or computer's
# move shown to a seat that may not know it. Included from CMakeLists.txt
# once witches_dance is known to be registered; the other games' tests ask
# for their game.

# Every command takes --help: exit 0, its usage on stdout.
foreach(cmd list play bench tournament version)
  tg_program_test(cli_help_${cmd} EXIT 0 STDOUT "^usage: tablegames ${cmd}"
                  COMMAND ${cli} ${cmd} --help)
endforeach()
tg_program_test(cli_help_short EXIT 0 STDOUT "^usage: tablegames play" COMMAND ${cli} play -h)
tg_program_test(cli_help_command EXIT 0 STDOUT "^usage: tablegames tournament"
                COMMAND ${cli} help tournament)
tg_program_test(cli_help_after_args EXIT 0 STDOUT "^usage: tablegames play"
                COMMAND ${cli} play witches_dance --seed 3 --help)
tg_program_test(cli_help_no_such_command EXIT 2 MATCH "no command 'dance'"
                COMMAND ${cli} help dance)
tg_program_test(cli_unexpected_argument EXIT 2 MATCH "unexpected argument '--fast'.*--help"
                COMMAND ${cli} list --fast)

# A player count out of the game's range names the range.
tg_program_test(cli_players_range_play EXIT 2 MATCH "--players 9: witches_dance is played by 2 to 6 players"
                COMMAND ${cli} play witches_dance --players 9)
tg_program_test(cli_players_range_one EXIT 2 MATCH "--players 1: witches_dance is played by 2 to 6 players"
                COMMAND ${cli} play witches_dance --players 1 --auto)
tg_program_test(cli_players_range_tournament EXIT 2
                MATCH "--players 9: witches_dance is played by 2 to 6 players"
                COMMAND ${cli} tournament witches_dance --players 9 --seats random)

# :help points to the notation and the rule page; :rules prints the short
# rules and notation of the game being played.
file(WRITE ${CMAKE_CURRENT_BINARY_DIR}/help_rules.txt ":help\n:rules\n:what\n:quit\n")
tg_program_test(cli_help_in_game EXIT 0 INPUT ${CMAKE_CURRENT_BINARY_DIR}/help_rules.txt
                MATCH "the notation of witches_dance.*docs/rules/witches_dance.md.*Witches' Dance in short.*Notation:.*peek14.*':what' is no command"
                COMMAND ${cli} play witches_dance --seed 5)
foreach(game IN ITEMS bewitched creepy_cauldron spinning_wishes)
  if(game IN_LIST TG_GAMES)
    tg_program_test(cli_rules_${game} EXIT 0 INPUT ${CMAKE_CURRENT_BINARY_DIR}/help_rules.txt
                    MATCH "in short \\(the whole rules: docs/rules/${game}.md\\).*Notation"
                    COMMAND ${cli} play ${game} --seed 5)
  endif()
endforeach()

# A number is always the move written as that number, never an item of the
# list: in Spinning Wishes (moves are space numbers) "2" picks no second
# item and "37" moves to 37.
file(WRITE ${CMAKE_CURRENT_BINARY_DIR}/number_is_notation.txt
     "pick:snow\na\na\na\na\na\na\na\n2\n37\n:quit\n")
tg_program_test(cli_number_is_notation EXIT 0
                INPUT ${CMAKE_CURRENT_BINARY_DIR}/number_is_notation.txt
                MATCH "a\\) 5 +b\\) 37\nplayer 0> 2\n'2' is not a legal move here[^\n]*\nplayer 0> 37\n  Player 0 \\(Snow White\\) moved from [0-9]+ to 37\\."
                COMMAND ${cli} play spinning_wishes --players 2 --seed 3 --bots 1=easy)

if("bewitched" IN_LIST TG_GAMES)
  # Typing the start of moves lists them and plays nothing; so does a part
  # of them; the letter then plays one.
  file(WRITE ${CMAKE_CURRENT_BINARY_DIR}/prefix.txt "3f1\nf3:\nb\n:quit\n")
  tg_program_test(cli_prefix_lists_moves EXIT 0 INPUT ${CMAKE_CURRENT_BINARY_DIR}/prefix.txt
                  MATCH "player 0> 3f1\n4 moves start with '3f1' [^\n]*\n +a\\) 3f1:4 .*player 0> f3:\n4 moves contain 'f3:' [^\n]*\n +i\\) 3f3:4 .*player 0> b\n  Red frog 1 moved from the red lily pad to 4\\."
                  NOMATCH "player 0> 3f1\n  Red frog"
                  COMMAND ${cli} play bewitched --players 2 --seed 7 --bots 1=easy)
  # :undo says what it took back, and takes back nothing (not the secret
  # setup) before a person has decided.
  file(WRITE ${CMAKE_CURRENT_BINARY_DIR}/undo.txt ":undo\na\n:undo\n:quit\n")
  tg_program_test(cli_undo_says_what EXIT 0 INPUT ${CMAKE_CURRENT_BINARY_DIR}/undo.txt
                  MATCH "player 0> :undo\nnothing to undo: no decision of a person yet\n.*player 0> :undo\ntook back \\(the last first\\):\n  player 0: 3f1:4\n"
                  COMMAND ${cli} play bewitched --players 2 --seed 7 --bots 1=easy)
  # A seat never reads the hidden setup: no outcome is printed for it,
  # neither interactively nor in an automatic game watched by a seat.
  tg_program_test(cli_no_hidden_chance_interactive EXIT 0 INPUT ${CMAKE_CURRENT_BINARY_DIR}/undo.txt
                  MATCH "Setup: the prince's page is hidden"
                  NOMATCH "prince:hat|plain:f|is deadly|is harmless|chance: "
                  COMMAND ${cli} play bewitched --players 2 --seed 7)
  tg_program_test(cli_no_hidden_chance_auto EXIT 0
                  MATCH "    1  chance    \\(hidden from player 1\\)"
                  NOMATCH "prince:hat|plain:f|  deadly|  harmless"
                  COMMAND ${cli} play bewitched --players 2 --seed 7 --auto --viewer 1)
  # --auto without --viewer shows what every seat sees; the referee's view
  # needs --viewer all.
  tg_program_test(cli_no_hidden_chance_auto_table EXIT 0
                  MATCH "    1  chance    \\(hidden\\)\n"
                  NOMATCH "prince:hat|plain:f|  deadly|  harmless"
                  COMMAND ${cli} play bewitched --players 2 --seed 7 --auto)
  tg_program_test(cli_auto_referee EXIT 0 MATCH "    1  chance    prince:hat[0-3]\n"
                  COMMAND ${cli} play bewitched --players 2 --seed 7 --auto --viewer all)
endif()

# A computer's move that did something the seat may not see (player 1
# peeks under a hat) is told by its events, never by its notation: neither
# when it is played nor when :undo takes it back.
file(WRITE ${CMAKE_CURRENT_BINARY_DIR}/undo_hidden.txt "a\na\na\na\na\n:undo\n:quit\n")
tg_program_test(cli_hidden_computer_move EXIT 0 INPUT ${CMAKE_CURRENT_BINARY_DIR}/undo_hidden.txt
                MATCH "took back \\(the last first\\):\n(  [^\n]*\n)*  player 1 \\(computer\\): \\(hidden from player 0\\)\n"
                NOMATCH "\\(computer\\): peek"
                COMMAND ${cli} play witches_dance --players 3 --seed 2 --bots 1,2=easy)

