# Debian packages through CPack, one per install component (README,
# "Building from source"): in a build tree configured with
# -DCMAKE_INSTALL_PREFIX=/usr, `cpack -G DEB` writes
#   libtablegames1       runtime  the shared library
#   libtablegames-dev    dev      headers, archive, pkg-config and CMake files, man pages
#   tablegames-tools     tools    the tablegames command
#   python3-tablegames   python   the Python package (TG_BUILD_PYTHON)
#   lua-tablegames       lua      the Lua 5.4 module (TG_BUILD_LUA)
# tests/package/run.sh builds them from a `git archive` tarball, runs lintian
# on them, and installs them with apt into a fresh Debian root.
#
# A package must come out the same whatever the modes of the source files
# (a tarball gives 0664) and the umask: installed files get explicit modes,
# directories 0755 (CMakeLists.txt), control files the modes policy asks for.
set(TG_DEB_ARCH amd64)
execute_process(COMMAND dpkg --print-architecture OUTPUT_VARIABLE TG_DEB_ARCH
                OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET)

set(TG_PKG_DIR ${PROJECT_BINARY_DIR}/package)
file(MAKE_DIRECTORY ${TG_PKG_DIR})
# A package without a Debian revision is native, so its changelog is changelog.gz.
tg_gzip(${PROJECT_SOURCE_DIR}/cmake/debian/changelog ${TG_PKG_DIR}/changelog.gz)
set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS
  ${PROJECT_SOURCE_DIR}/cmake/debian/changelog)

set(TG_DEB_COMPONENTS runtime dev tools)
if(TG_BUILD_PYTHON)
  list(APPEND TG_DEB_COMPONENTS python)
endif()
if(TG_BUILD_LUA)
  list(APPEND TG_DEB_COMPONENTS lua)
endif()
set(TG_DEB_NAME_runtime libtablegames1)
set(TG_DEB_NAME_dev libtablegames-dev)
set(TG_DEB_NAME_tools tablegames-tools)
set(TG_DEB_NAME_python python3-tablegames)
set(TG_DEB_NAME_lua lua-tablegames)
foreach(comp IN LISTS TG_DEB_COMPONENTS)
  install(FILES ${PROJECT_SOURCE_DIR}/cmake/debian/copyright ${TG_PKG_DIR}/changelog.gz
          DESTINATION ${CMAKE_INSTALL_DATAROOTDIR}/doc/${TG_DEB_NAME_${comp}} COMPONENT ${comp})
endforeach()

set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME tablegames)
set(CPACK_PACKAGE_VENDOR "libtablegames developers")
set(CPACK_PACKAGE_CONTACT "libtablegames developers <dev@libtablegames.invalid>")
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
# Empty, so CPack does not prepend the project description as every package's
# synopsis: each component description starts with its own.
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "")
set(CPACK_DEB_COMPONENT_INSTALL ON)
set(CPACK_COMPONENTS_ALL ${TG_DEB_COMPONENTS})
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_STRIP_FILES ON)
# Control files get 0644 (0755 for scripts) whatever the source tree's modes.
set(CPACK_DEBIAN_PACKAGE_CONTROL_STRICT_PERMISSION ON)
set(CPACK_DEBIAN_PACKAGE_SECTION libs)
set(CPACK_DEBIAN_PACKAGE_HOMEPAGE "https://libtablegames.invalid/")
set(CPACK_DEBIAN_PACKAGE_ARCHITECTURE ${TG_DEB_ARCH})

set(CPACK_DEBIAN_RUNTIME_PACKAGE_NAME libtablegames1)
set(CPACK_DEBIAN_RUNTIME_PACKAGE_DEPENDS "libc6 (>= 2.34), libjansson4 (>= 2.14), libxxhash0 (>= 0.8.0), zlib1g (>= 1:1.2.0)")
# The shlibs file and the ldconfig trigger Debian policy asks of a library,
# written here rather than by CPack's GENERATE_SHLIBS, which also adds
# postinst/postrm scripts calling ldconfig (lintian: maintscript-calls-ldconfig).
configure_file(${PROJECT_SOURCE_DIR}/cmake/debian/libtablegames1/shlibs.in
               ${TG_PKG_DIR}/libtablegames1/shlibs @ONLY)
# And a symbols file (the form dpkg-gensymbols writes) made from the version
# script, so that a program built against libtablegames-dev depends on the
# first release with every function it uses: node TABLEGAMES_X.Y is X.Y.0.
file(STRINGS ${TG_VERSION_SCRIPT} tg_map_lines)
set(tg_symbols "libtablegames.so.${TG_SOVERSION} libtablegames1 #MINVER#\n")
string(APPEND tg_symbols "* Build-Depends-Package: libtablegames-dev\n")
set(tg_node "")
foreach(line IN LISTS tg_map_lines)
  if(line MATCHES "^(TABLEGAMES_([0-9]+)\\.([0-9]+)) *{")
    set(tg_node ${CMAKE_MATCH_1})
    set(tg_node_version "${CMAKE_MATCH_2}.${CMAKE_MATCH_3}.0")
    string(APPEND tg_symbols " ${tg_node}@${tg_node} ${tg_node_version}\n")
  elseif(tg_node AND line MATCHES "^ *(tg_[a-z0-9_]+) *;")
    string(APPEND tg_symbols " ${CMAKE_MATCH_1}@${tg_node} ${tg_node_version}\n")
  endif()
endforeach()
file(CONFIGURE OUTPUT ${TG_PKG_DIR}/libtablegames1/symbols CONTENT "${tg_symbols}")
set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS ${TG_VERSION_SCRIPT})
set(CPACK_DEBIAN_RUNTIME_PACKAGE_CONTROL_EXTRA
    ${TG_PKG_DIR}/libtablegames1/shlibs ${TG_PKG_DIR}/libtablegames1/symbols
    ${PROJECT_SOURCE_DIR}/cmake/debian/libtablegames1/triggers)
set(CPACK_DEBIAN_RUNTIME_DESCRIPTION "rules of family board games behind a stable C ABI
libtablegames runs the rules of Witches' Dance and other family board games
for programs that embed them: enumerated legal moves, explicit chance,
per-player views of hidden information and saved games.
.
This package holds the shared library.")
set(CPACK_DEBIAN_RUNTIME_PACKAGE_SECTION libs)

set(CPACK_DEBIAN_DEV_PACKAGE_NAME libtablegames-dev)
set(CPACK_DEBIAN_DEV_PACKAGE_DEPENDS "libtablegames1 (= ${PROJECT_VERSION}), libjansson-dev, libxxhash-dev, zlib1g-dev")
set(CPACK_DEBIAN_DEV_DESCRIPTION "rules of family board games - development files
libtablegames runs the rules of Witches' Dance and other family board games
for programs that embed them.
.
This package holds the headers, the static library, pkg-config and CMake
package files and the API manual pages.")
set(CPACK_DEBIAN_DEV_PACKAGE_SECTION libdevel)

set(CPACK_DEBIAN_TOOLS_PACKAGE_NAME tablegames-tools)
set(CPACK_DEBIAN_TOOLS_PACKAGE_DEPENDS "libc6 (>= 2.34), libtablegames1 (>= ${PROJECT_VERSION}), libjansson4 (>= 2.14)")
set(CPACK_DEBIAN_TOOLS_DESCRIPTION "play and benchmark family board games in the terminal
The tablegames command lists the games of libtablegames, plays them in the
terminal against people or computer players, runs tournaments between the
computer players and benchmarks the rules engine.")
set(CPACK_DEBIAN_TOOLS_PACKAGE_SECTION utils)

set(CPACK_DEBIAN_PYTHON_PACKAGE_NAME python3-tablegames)
if(TG_PYTHON_CSTEP)
  # With the compiled step module the package is built for one
  # architecture and one Python (its EXT_SUFFIX names the minor version),
  # as dh_python3 would say: at least this X.Y, below the next.
  set(tg_py_major ${TG_PYTHON_CSTEP_MAJOR})
  set(tg_py_minor ${TG_PYTHON_CSTEP_MINOR})
  math(EXPR tg_py_next "${tg_py_minor} + 1")
  set(CPACK_DEBIAN_PYTHON_PACKAGE_DEPENDS "python3 (>= ${tg_py_major}.${tg_py_minor}~), python3 (<< ${tg_py_major}.${tg_py_next}), libc6 (>= 2.34), libtablegames1 (>= ${PROJECT_VERSION})")
else()
  set(CPACK_DEBIAN_PYTHON_PACKAGE_ARCHITECTURE all)
  set(CPACK_DEBIAN_PYTHON_PACKAGE_DEPENDS "python3:any (>= 3.8), libtablegames1 (>= ${PROJECT_VERSION})")
endif()
set(CPACK_DEBIAN_PYTHON_PACKAGE_CONTROL_EXTRA
    ${PROJECT_SOURCE_DIR}/cmake/debian/python3-tablegames/postinst
    ${PROJECT_SOURCE_DIR}/cmake/debian/python3-tablegames/prerm)
set(CPACK_DEBIAN_PYTHON_DESCRIPTION "rules of family board games - Python 3 bindings
libtablegames runs the rules of Witches' Dance and other family board games
for programs that embed them.
.
This package holds the tablegames Python package, a typed layer over the
library through ctypes: games, states, observations as dicts, saves and
computer players, with State.step() in a small C module.")
set(CPACK_DEBIAN_PYTHON_PACKAGE_SECTION python)

set(CPACK_DEBIAN_LUA_PACKAGE_NAME lua-tablegames)
set(CPACK_DEBIAN_LUA_PACKAGE_DEPENDS "libc6 (>= 2.34), libjansson4 (>= 2.14), libtablegames1 (>= ${PROJECT_VERSION})")
set(CPACK_DEBIAN_LUA_PACKAGE_PROVIDES "lua5.4-tablegames")
set(CPACK_DEBIAN_LUA_DESCRIPTION "rules of family board games - Lua 5.4 module
libtablegames runs the rules of Witches' Dance and other family board games
for programs that embed them.
.
This package holds the tablegames module for Lua 5.4: games, states,
observations as tables, saves and computer players.")
set(CPACK_DEBIAN_LUA_PACKAGE_SECTION interpreters)
include(CPack)
