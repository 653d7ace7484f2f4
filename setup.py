"""Builds python/warpsim's C library: CMake's warpsim_py target (embed/CMakeLists.txt), the same
sources as the warpsim command, position-independent, into the package beside web/render.js
(the playground's drawing, which warpsim.show uses). WARPSIM_PY_BUILD_DIR keeps the CMake build
between installs (the tests do, so that a second install compiles nothing)."""
import os
import shutil
import subprocess

from setuptools import Distribution, setup
from setuptools.command.build_py import build_py

ROOT = os.path.dirname(os.path.abspath(__file__))


class BuildWithLibrary(build_py):
    def run(self):
        super().run()
        build = os.environ.get("WARPSIM_PY_BUILD_DIR") or os.path.join(ROOT, "build", "python")
        cmake = shutil.which("cmake")
        if not cmake:
            raise SystemExit("warpsim: building the Python package needs cmake (and a C11 compiler)")
        subprocess.check_call([cmake, "-S", ROOT, "-B", build, "-DCMAKE_BUILD_TYPE=Release",
                               "-DWARPSIM_PYTHON=ON", "-DWARPSIM_TESTS=OFF",
                               "-DCMAKE_POSITION_INDEPENDENT_CODE=ON"])
        jobs = os.environ.get("WARPSIM_PY_JOBS", str(os.cpu_count() or 2))
        subprocess.check_call([cmake, "--build", build, "--target", "warpsim_py", "-j", jobs])
        dest = os.path.join(self.build_lib, "warpsim")
        os.makedirs(dest, exist_ok=True)
        shutil.copy2(os.path.join(build, "embed", "libwarpsim_py.so"), dest)
        shutil.copy2(os.path.join(ROOT, "web", "render.js"), dest)


class BinaryDistribution(Distribution):
    def has_ext_modules(self):  # a platform wheel: it carries a shared library
        return True


setup(cmdclass={"build_py": BuildWithLibrary}, distclass=BinaryDistribution)
