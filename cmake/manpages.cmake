# Manual pages, installed gzipped (-n: reproducibly) as Debian policy asks:
# tablegames(1) with the tools, and in section 3 the overview
# libtablegames(3) and one page per API group (tg_game, tg_state, tg_bot),
# plus one name per function, a symbolic link to its group's page, so that
# `man tg_state_apply` works. The function names are read from each page's
# NAME section, which tests/docs/man_pages.sh holds to the exported symbols.
function(tg_gzip src dst)
  execute_process(COMMAND gzip -9n -c ${src} OUTPUT_FILE ${dst})
endfunction()

set(TG_MAN_DIR ${PROJECT_BINARY_DIR}/man)
file(REMOVE_RECURSE ${TG_MAN_DIR})
file(MAKE_DIRECTORY ${TG_MAN_DIR}/man1 ${TG_MAN_DIR}/man3)
tg_gzip(${PROJECT_SOURCE_DIR}/docs/man/tablegames.1 ${TG_MAN_DIR}/man1/tablegames.1.gz)
install(FILES ${TG_MAN_DIR}/man1/tablegames.1.gz DESTINATION ${CMAKE_INSTALL_MANDIR}/man1
        COMPONENT tools)
file(GLOB TG_MAN3 CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/docs/man/*.3)
set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS
             ${PROJECT_SOURCE_DIR}/docs/man/tablegames.1 ${TG_MAN3})
set(TG_MAN3_FILES "")
foreach(page IN LISTS TG_MAN3)
  get_filename_component(group ${page} NAME_WE)
  tg_gzip(${page} ${TG_MAN_DIR}/man3/${group}.3.gz)
  list(APPEND TG_MAN3_FILES ${TG_MAN_DIR}/man3/${group}.3.gz)
  # NAME: "name, name, ... \- summary", possibly over several lines.
  file(READ ${page} text)
  string(REGEX MATCH "\\.SH NAME\n([^\\]*)\\\\-" names "${text}")
  string(REGEX MATCHALL "tg_[a-z0-9_]+" functions "${CMAKE_MATCH_1}")
  foreach(function IN LISTS functions)
    if(NOT function STREQUAL group)
      file(CREATE_LINK ${group}.3.gz ${TG_MAN_DIR}/man3/${function}.3.gz SYMBOLIC)
      list(APPEND TG_MAN3_FILES ${TG_MAN_DIR}/man3/${function}.3.gz)
    endif()
  endforeach()
endforeach()
install(FILES ${TG_MAN3_FILES} DESTINATION ${CMAKE_INSTALL_MANDIR}/man3 COMPONENT dev)
