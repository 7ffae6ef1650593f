# The installable package (docs/api.md): `cmake --install BUILD --prefix P` gives
#   P/bin/eigsweep                      the command-line tool
#   P/lib/libeigsweep.so                the public C API (include/eigsweep.h), CPU and GPU
#   P/include/eigsweep.h, eig_error.h
#   P/lib/cmake/eigsweep/               find_package(eigsweep) -> target eigsweep::eigsweep
#   P/lib/pkgconfig/eigsweep.pc         pkg-config --cflags --libs eigsweep
# The library is shared, and its dependencies (OpenMP, CUDA runtime) are its
# own private ones (NEEDED entries, found through its RUNPATH): a user links
# -leigsweep and nothing else, needs neither MPI nor HDF5 nor CUDA headers,
# and find_package has no find_dependency calls that could fail. Only the
# functions the public headers declare are exported (a version script), so
# eigsweep's internals cannot clash with a user's symbols.
include(GNUInstallDirs)
include(CMakePackageConfigHelpers)

# The core's objects go into a shared library too.
set_target_properties(eigsweep_core PROPERTIES POSITION_INDEPENDENT_CODE ON)

# Every function declared in the public headers (a line starting with its
# return type, at file scope) is exported; the linker is told to pull each
# one from the core (--undefined), and --as-needed keeps the MPI and HDF5
# the core's I/O code would need out of the library's dependencies.
set(eig_public_headers ${CMAKE_SOURCE_DIR}/include/eigsweep.h ${CMAKE_SOURCE_DIR}/include/eig_error.h)
set(eig_public_symbols "")
foreach(h ${eig_public_headers})
  file(STRINGS ${h} decls REGEX "^[A-Za-z][A-Za-z0-9_ ]*[ *]eig_[a-z0-9_]+\\(")
  foreach(d ${decls})
    string(REGEX MATCH "eig_[a-z0-9_]+\\(" sym "${d}")
    string(REPLACE "(" "" sym "${sym}")
    list(APPEND eig_public_symbols ${sym})
  endforeach()
endforeach()
list(REMOVE_DUPLICATES eig_public_symbols)
list(JOIN eig_public_symbols ";\n    " eig_map_globals)
file(CONFIGURE OUTPUT ${CMAKE_BINARY_DIR}/generated/eigsweep.map
     CONTENT "/* Generated from the public headers by cmake/package.cmake. */\nEIGSWEEP_0 {\n  global:\n    ${eig_map_globals};\n  local: *;\n};\n")

add_library(eigsweep_shared SHARED driver/version.c)
target_include_directories(eigsweep_shared PRIVATE ${CMAKE_BINARY_DIR}/generated
  INTERFACE $<BUILD_INTERFACE:${CMAKE_SOURCE_DIR}/include> $<INSTALL_INTERFACE:${CMAKE_INSTALL_INCLUDEDIR}>)
target_link_libraries(eigsweep_shared PRIVATE eigsweep_core)
list(TRANSFORM eig_public_symbols PREPEND "LINKER:--undefined=" OUTPUT_VARIABLE eig_undefined)
target_link_options(eigsweep_shared PRIVATE LINKER:--as-needed LINKER:--no-undefined
  "LINKER:--version-script=${CMAKE_BINARY_DIR}/generated/eigsweep.map" ${eig_undefined})
set_target_properties(eigsweep_shared PROPERTIES
  OUTPUT_NAME eigsweep EXPORT_NAME eigsweep
  VERSION ${PROJECT_VERSION} SOVERSION ${PROJECT_VERSION_MAJOR}.${PROJECT_VERSION_MINOR}
  LINK_DEPENDS ${CMAKE_BINARY_DIR}/generated/eigsweep.map
  PUBLIC_HEADER "${eig_public_headers}"
  INSTALL_RPATH_USE_LINK_PATH ON) # libcudart and libgomp where they were linked from
if(EIGSWEEP_SANITIZE)
  # A sanitized library needs its runtime first in the program: the program links it too.
  target_link_options(eigsweep_shared INTERFACE -fsanitize=address,undefined)
  set(eig_pc_libs_extra " -fsanitize=address,undefined")
endif()
add_library(eigsweep::eigsweep ALIAS eigsweep_shared)

set_target_properties(eigsweep PROPERTIES INSTALL_RPATH_USE_LINK_PATH ON)
install(TARGETS eigsweep RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
install(TARGETS eigsweep_shared EXPORT eigsweepTargets
  LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}
  PUBLIC_HEADER DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})

set(eig_cmake_dir ${CMAKE_INSTALL_LIBDIR}/cmake/eigsweep)
install(EXPORT eigsweepTargets NAMESPACE eigsweep:: DESTINATION ${eig_cmake_dir})
configure_package_config_file(${CMAKE_SOURCE_DIR}/cmake/eigsweepConfig.cmake.in
  ${CMAKE_BINARY_DIR}/generated/eigsweepConfig.cmake INSTALL_DESTINATION ${eig_cmake_dir})
# 0.x: a new minor version may change the API.
write_basic_package_version_file(${CMAKE_BINARY_DIR}/generated/eigsweepConfigVersion.cmake
  VERSION ${PROJECT_VERSION} COMPATIBILITY SameMinorVersion)
install(FILES ${CMAKE_BINARY_DIR}/generated/eigsweepConfig.cmake
              ${CMAKE_BINARY_DIR}/generated/eigsweepConfigVersion.cmake DESTINATION ${eig_cmake_dir})

# pkg-config: the prefix is found from the .pc file's own place, so the
# package works wherever `cmake --install --prefix` puts it.
file(RELATIVE_PATH eig_pc_to_prefix /P/${CMAKE_INSTALL_LIBDIR}/pkgconfig /P)
string(REGEX REPLACE "/$" "" eig_pc_to_prefix "${eig_pc_to_prefix}")
configure_file(${CMAKE_SOURCE_DIR}/cmake/eigsweep.pc.in ${CMAKE_BINARY_DIR}/generated/eigsweep.pc @ONLY)
install(FILES ${CMAKE_BINARY_DIR}/generated/eigsweep.pc DESTINATION ${CMAKE_INSTALL_LIBDIR}/pkgconfig)
