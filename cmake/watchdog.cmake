# Tests that may run long run under tests/watchdog/watchdog.py, which fails
# a test only when it has made no progress (no output, no CPU time) for STALL
# seconds ($TG_STALL_SECONDS, default 300): no time limit of ours guesses
# the machine's speed (docs/testing.md, "Stalls, not time limits").
# It needs a Python 3; without one the tests run unwatched.
if(Python3_EXECUTABLE)
  set(TG_WATCHDOG_PYTHON "${Python3_EXECUTABLE}" CACHE FILEPATH "Python 3 that runs tests/watchdog/watchdog.py")
else()
  find_program(TG_WATCHDOG_PYTHON NAMES python3 DOC "Python 3 that runs tests/watchdog/watchdog.py")
endif()

# ctest's own limit is only a last resort, beyond CI's 90 minutes, so it
# never decides a CI run: it ends, on a developer's machine, a test that
# spins forever (which uses CPU, so the watchdog sees it as moving).
set(TG_TEST_LAST_RESORT_SECONDS 7200)

# tg_watched_test(NAME name COMMAND program [arg...] [WORKING_DIRECTORY dir]):
# add_test under the watchdog. A program that is a target of this project
# is run from its file, as add_test would.
function(tg_watched_test)
  cmake_parse_arguments(PARSE_ARGV 0 arg "" "NAME;WORKING_DIRECTORY" "COMMAND")
  list(POP_FRONT arg_COMMAND program)
  if(TARGET ${program})
    set(program $<TARGET_FILE:${program}>)
  endif()
  set(watch "")
  if(TG_WATCHDOG_PYTHON)
    set(watch ${TG_WATCHDOG_PYTHON} -I ${PROJECT_SOURCE_DIR}/tests/watchdog/watchdog.py --name ${arg_NAME} --)
  endif()
  set(where "")
  if(arg_WORKING_DIRECTORY)
    set(where WORKING_DIRECTORY ${arg_WORKING_DIRECTORY})
  endif()
  add_test(NAME ${arg_NAME} COMMAND ${watch} ${program} ${arg_COMMAND} ${where})
  set_tests_properties(${arg_NAME} PROPERTIES TIMEOUT ${TG_TEST_LAST_RESORT_SECONDS})
endfunction()
