# Debian packages through CPack: `cpack -G DEB` in a build tree (with
# CMAKE_INSTALL_PREFIX=/usr) writes libtablegames1, libtablegames-dev and
# tablegames-tools. tests/package/run.sh builds, unpacks and uses them.
set(TG_DEB_ARCH amd64)
execute_process(COMMAND dpkg --print-architecture OUTPUT_VARIABLE TG_DEB_ARCH
                OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET)

# Debian policy wants man pages and changelogs compressed reproducibly (-n);
# a package without a Debian revision is native, so its changelog is changelog.gz.
function(tg_gzip src dst)
  execute_process(COMMAND gzip -9n -c ${src} OUTPUT_FILE ${dst})
endfunction()
set(TG_PKG_DIR ${PROJECT_BINARY_DIR}/package)
file(MAKE_DIRECTORY ${TG_PKG_DIR})
tg_gzip(${PROJECT_SOURCE_DIR}/docs/man/tablegames.1 ${TG_PKG_DIR}/tablegames.1.gz)
tg_gzip(${PROJECT_SOURCE_DIR}/cmake/debian/changelog ${TG_PKG_DIR}/changelog.gz)
set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS
  ${PROJECT_SOURCE_DIR}/docs/man/tablegames.1 ${PROJECT_SOURCE_DIR}/cmake/debian/changelog)
install(FILES ${TG_PKG_DIR}/tablegames.1.gz DESTINATION ${CMAKE_INSTALL_MANDIR}/man1 COMPONENT tools)
# Section 3: the overview page and one page per API group.
file(GLOB TG_MAN3 CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/docs/man/*.3)
foreach(page IN LISTS TG_MAN3)
  get_filename_component(name ${page} NAME)
  tg_gzip(${page} ${TG_PKG_DIR}/${name}.gz)
  install(FILES ${TG_PKG_DIR}/${name}.gz DESTINATION ${CMAKE_INSTALL_MANDIR}/man3 COMPONENT dev)
endforeach()
foreach(pair "runtime;libtablegames1" "dev;libtablegames-dev" "tools;tablegames-tools")
  list(GET pair 0 comp)
  list(GET pair 1 pkg)
  install(FILES ${PROJECT_SOURCE_DIR}/cmake/debian/copyright ${TG_PKG_DIR}/changelog.gz
          DESTINATION ${CMAKE_INSTALL_DATAROOTDIR}/doc/${pkg} COMPONENT ${comp})
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
set(CPACK_COMPONENTS_ALL runtime dev tools)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_STRIP_FILES ON)
# A shlibs file and the ldconfig trigger, as Debian policy asks of a library.
set(CPACK_DEBIAN_PACKAGE_GENERATE_SHLIBS ON)
set(CPACK_DEBIAN_PACKAGE_GENERATE_SHLIBS_POLICY ">=")
set(CPACK_DEBIAN_RUNTIME_PACKAGE_CONTROL_EXTRA ${PROJECT_SOURCE_DIR}/cmake/debian/triggers)
set(CPACK_DEBIAN_PACKAGE_SECTION libs)
set(CPACK_DEBIAN_PACKAGE_HOMEPAGE "https://libtablegames.invalid/")
set(CPACK_DEBIAN_PACKAGE_ARCHITECTURE ${TG_DEB_ARCH})
set(CPACK_DEBIAN_RUNTIME_PACKAGE_NAME libtablegames1)
set(CPACK_DEBIAN_RUNTIME_PACKAGE_DEPENDS "libc6 (>= 2.34), libjansson4 (>= 2.14), libxxhash0 (>= 0.8.0), zlib1g (>= 1:1.2.0)")
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
package files and the API manual page.")
set(CPACK_DEBIAN_DEV_PACKAGE_SECTION libdevel)
set(CPACK_DEBIAN_TOOLS_PACKAGE_NAME tablegames-tools)
set(CPACK_DEBIAN_TOOLS_PACKAGE_DEPENDS "libc6 (>= 2.34), libtablegames1 (>= ${PROJECT_VERSION}), libjansson4 (>= 2.14)")
set(CPACK_DEBIAN_TOOLS_DESCRIPTION "play and benchmark family board games in the terminal
The tablegames command lists the games of libtablegames, plays them in the
terminal against people or random players, and benchmarks the rules engine.")
set(CPACK_DEBIAN_TOOLS_PACKAGE_SECTION utils)
include(CPack)
