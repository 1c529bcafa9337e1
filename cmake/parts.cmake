# The rule for optional parts (README, "Building from source"): a part whose
# dependency is missing is switched off, and configure says which part, what
# is missing and which Debian package to install; the summary at the end of
# configure lists every part, on or off. The library itself needs only
# jansson and zlib, so a machine without Lua, cmocka or doxygen still builds
# it. Our CI passes -DTG_REQUIRE_ALL_PARTS=ON, which turns a part switched
# off into a configure error: nothing there is skipped without notice.
include(FeatureSummary)

option(TG_REQUIRE_ALL_PARTS
       "Fail instead of switching off a part whose dependency is missing (for CI)" OFF)

# tg_part(VAR NAME FOUND MISSING PACKAGE): sets VAR in the caller to whether
# part NAME is on. FOUND is the name of a variable that is true when the
# dependency was found; MISSING says what was looked for; PACKAGE is the
# Debian package that provides it.
function(tg_part var name found missing package)
  if(${found})
    set(${var} ON PARENT_SCOPE)
    add_feature_info("${name}" ON "${missing}: found")
    return()
  endif()
  set(msg "${name} switched off: ${missing} not found (Debian: apt-get install ${package})")
  if(TG_REQUIRE_ALL_PARTS)
    message(FATAL_ERROR "${msg}; TG_REQUIRE_ALL_PARTS is ON")
  endif()
  message(WARNING "${msg}")
  set(${var} OFF PARENT_SCOPE)
  add_feature_info("${name}" OFF "needs ${missing} (apt-get install ${package})")
endfunction()
