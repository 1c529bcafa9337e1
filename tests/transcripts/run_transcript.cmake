# Plays one scripted terminal session and compares it with the recorded one.
#   cmake -DCLI=tablegames -DINPUT=cli/GAME.in [-DUPDATE=1] -P run_transcript.cmake
# GAME.in's first line is the command line after "tablegames" (e.g.
# "play bewitched --players 2 --seed 7 --bots 1=easy"), the other lines are
# typed one by one; GAME.out is the whole output. UPDATE=1 rewrites GAME.out.
file(STRINGS ${INPUT} lines)
list(POP_FRONT lines args)
separate_arguments(args)
string(REGEX REPLACE "\\.in$" ".out" expected ${INPUT})
get_filename_component(game ${INPUT} NAME_WE)
set(typed ${CMAKE_CURRENT_BINARY_DIR}/transcript_${game}.typed)
list(JOIN lines "\n" keys)
file(WRITE ${typed} "${keys}\n")
execute_process(COMMAND ${CLI} ${args} INPUT_FILE ${typed}
  RESULT_VARIABLE code OUTPUT_VARIABLE out ERROR_VARIABLE err)
file(REMOVE ${typed})
if(NOT code STREQUAL "0")
  message(FATAL_ERROR "tablegames ${args}: exit status ${code}: ${err}")
endif()
if(UPDATE)
  file(WRITE ${expected} "${out}")
  message(STATUS "wrote ${expected}")
  return()
endif()
if(NOT EXISTS ${expected})
  message(FATAL_ERROR "no ${expected}: record it with -DUPDATE=1")
endif()
file(READ ${expected} want)
if(NOT want STREQUAL out)
  set(got ${CMAKE_CURRENT_BINARY_DIR}/transcript_${game}.got)
  file(WRITE ${got} "${out}")
  message(FATAL_ERROR "the session differs from ${expected}; see: diff -u ${expected} ${got}")
endif()
