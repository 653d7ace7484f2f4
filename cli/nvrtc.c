/* nvrtc: CUDA C++ kernels compiled to PTX with NVRTC, loaded at run time (see nvrtc.h). */
#include "nvrtc.h"

#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <glob.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

/* ---- options ------------------------------------------------------------------------------- */

#define MAX_CU_OPTS 64
static const char *ptx_out;              /* --ptx-out FILE */
static const char *cu_opts[MAX_CU_OPTS]; /* --cu-opt OPTION... */
static int ncu_opts;

enum { CU_PTX_OUT = 1, CU_OPT };

void ws_cu_options_reset(void)
{
    ptx_out = NULL;
    ncu_opts = 0;
}

/* clang-format off */
const cli_option ws_cu_options[] = {
    {0,          "FILE.cu",   NULL,     "CUDA C++ in place of FILE.ptx, compiled with NVRTC (docs/cli.md: CUDA C++ files)"},
    {CU_PTX_OUT, "--ptx-out", "FILE",   "FILE.cu: write the PTX NVRTC made to FILE too"},
    {CU_OPT,     "--cu-opt",  "OPTION", "FILE.cu: an option for NVRTC (-DN=4, -I DIR, ...), repeatable"},
    {0, NULL, NULL, NULL},
};
/* clang-format on */

bool ws_is_cuda_source(const char *path)
{
    size_t n = path ? strlen(path) : 0;
    return (n > 3 && !strcmp(path + n - 3, ".cu")) || (n > 4 && !strcmp(path + n - 4, ".cuh"));
}

int ws_cu_parse_arg(int argc, char **argv, int *i)
{
    const cli_option *o = ws_cu_options;
    while (o->name && !(o->id && !strcmp(o->name, argv[*i])))
        o++;
    if (!o->name)
        return 0;
    if (*i + 1 >= argc) {
        fprintf(stderr, "warpsim: error: %s takes %s, found the end of the arguments\n", o->name, o->value);
        return -1;
    }
    if (o->id == CU_PTX_OUT) {
        ptx_out = argv[*i + 1];
    } else if (ncu_opts == MAX_CU_OPTS) {
        fprintf(stderr, "warpsim: error: more than %d --cu-opt options\n", MAX_CU_OPTS);
        return -1;
    } else {
        cu_opts[ncu_opts++] = argv[*i + 1];
    }
    *i += 2;
    return 1;
}

/* ---- NVRTC, found at run time -------------------------------------------------------------- */

typedef struct _nvrtcProgram *nvrtcProgram;
static struct {
    void *lib;
    char path[1024]; /* the library: its directory's ../include holds the headers */
    int (*version)(int *, int *);
    int (*create)(nvrtcProgram *, const char *, const char *, int, const char *const *, const char *const *);
    int (*add_name)(nvrtcProgram, const char *);
    int (*compile)(nvrtcProgram, int, const char *const *);
    int (*log_size)(nvrtcProgram, size_t *);
    int (*log)(nvrtcProgram, char *);
    int (*ptx_size)(nvrtcProgram, size_t *);
    int (*ptx)(nvrtcProgram, char *);
    int (*lowered)(nvrtcProgram, const char *, const char **);
    int (*destroy)(nvrtcProgram *);
    const char *(*error)(int);
} nv;

static bool try_each(const char *pattern, bool (*try)(const char *));
/* dlopen one builtins library, kept loaded for NVRTC (never closed) */
static bool load_builtins(const char *path) { return dlopen(path, RTLD_NOW | RTLD_LOCAL) != NULL; }

/* NVRTC dlopens its libnvrtc-builtins by bare name, found through its own $ORIGIN run path.
   A program built with AddressSanitizer intercepts dlopen, so the loader sees the sanitizer as
   the caller and that run path is not searched (compiling then fails with "failed to open
   libnvrtc-builtins"). Loading the builtins from NVRTC's directory first makes NVRTC's own
   dlopen find them by their soname, whoever the caller appears to be. */
static void preload_builtins(void)
{
    const char *slash = strrchr(nv.path, '/');
    if (!slash)
        return;
    char pattern[1100];
    snprintf(pattern, sizeof pattern, "%.*s/libnvrtc-builtins.so*", (int)(slash - nv.path), nv.path);
    try_each(pattern, load_builtins);
}

static bool try_load(const char *path)
{
    void *h = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    if (!h)
        return false;
    struct {
        void **fn;
        const char *name;
    } syms[] = {
        {(void **)&nv.version, "nvrtcVersion"},
        {(void **)&nv.create, "nvrtcCreateProgram"},
        {(void **)&nv.add_name, "nvrtcAddNameExpression"},
        {(void **)&nv.compile, "nvrtcCompileProgram"},
        {(void **)&nv.log_size, "nvrtcGetProgramLogSize"},
        {(void **)&nv.log, "nvrtcGetProgramLog"},
        {(void **)&nv.ptx_size, "nvrtcGetPTXSize"},
        {(void **)&nv.ptx, "nvrtcGetPTX"},
        {(void **)&nv.lowered, "nvrtcGetLoweredName"},
        {(void **)&nv.destroy, "nvrtcDestroyProgram"},
        {(void **)&nv.error, "nvrtcGetErrorString"},
    };
    for (size_t i = 0; i < sizeof syms / sizeof syms[0]; i++)
        if (!(*syms[i].fn = dlsym(h, syms[i].name))) {
            dlclose(h);
            return false;
        }
    Dl_info info; /* where the dynamic loader found it, when path was a bare name */
    snprintf(nv.path, sizeof nv.path, "%s",
             dladdr(*(void **)&nv.version, &info) && info.dli_fname ? info.dli_fname : path);
    nv.lib = h;
    preload_builtins();
    return true;
}

/* try on each path the pattern (a glob) matches, until one succeeds. */
static bool try_each(const char *pattern, bool (*try)(const char *))
{
    glob_t g;
    bool ok = false;
    if (glob(pattern, 0, NULL, &g) == 0)
        for (size_t i = 0; i < g.gl_pathc && !ok; i++)
            ok = try(g.gl_pathv[i]);
    globfree(&g);
    return ok;
}

static bool try_glob(const char *pattern) { return try_each(pattern, try_load); }

/* NVRTC of CUDA 13 or 12 (the same API) in a Python site-packages directory. */
static bool try_site(const char *site)
{
    char p[1100];
    snprintf(p, sizeof p, "%s/nvidia/cu13/lib/libnvrtc.so.13", site);
    if (try_glob(p))
        return true;
    snprintf(p, sizeof p, "%s/nvidia/cuda_nvrtc/lib/libnvrtc.so.1[23]", site);
    return try_glob(p);
}

static bool try_toolkit(const char *root)
{
    char p[1100];
    if (!root || !*root)
        return false;
    snprintf(p, sizeof p, "%s/lib64/libnvrtc.so.1[23]", root);
    if (try_glob(p))
        return true;
    snprintf(p, sizeof p, "%s/targets/*/lib/libnvrtc.so.1[23]", root);
    return try_glob(p);
}

static bool load_nvrtc(void)
{
    if (nv.lib)
        return true;
    const char *env = getenv("WARPSIM_NVRTC"), *venv = getenv("VIRTUAL_ENV");
    if (env && !strcmp(env, "none")) /* as if there were none (tests/check_nvrtc.sh) */
        return false;
    if (env && *env)
        return try_load(env);
    char p[1100];
    if (venv && *venv) {
        snprintf(p, sizeof p, "%s/lib/python3*/site-packages", venv);
        if (try_each(p, try_site))
            return true;
    }
    if (try_toolkit(getenv("CUDA_HOME")) || try_toolkit(getenv("CUDA_PATH")) || try_toolkit("/usr/local/cuda"))
        return true;
    /* every site-packages directory of the python3 on PATH (pip install --user included) */
    FILE *py = popen("python3 -c 'import site; print(\"\\n\".join(site.getsitepackages() + "
                     "[site.getusersitepackages()]))' 2>/dev/null",
                     "r");
    bool ok = false;
    while (py && !ok && fgets(p, sizeof p, py)) {
        p[strcspn(p, "\n")] = 0;
        ok = p[0] && try_site(p);
    }
    if (py)
        pclose(py);
    return ok || try_load("libnvrtc.so.13") || try_load("libnvrtc.so.12");
}

/* ---- the cache key ------------------------------------------------------------------------- */

typedef struct {
    uint64_t a, b; /* two FNV-1a hashes with different seeds: 128 bits */
} digest;

static void mix(digest *d, const void *p, size_t n)
{
    const unsigned char *s = p;
    for (size_t i = 0; i < n; i++) {
        d->a = (d->a ^ s[i]) * 0x100000001b3ull;
        d->b = (d->b ^ s[i]) * 0x100000001b3ull;
    }
    d->a = (d->a ^ 0xff) * 0x100000001b3ull; /* an end mark: "ab"+"c" is not "a"+"bc" */
    d->b = (d->b ^ 0xff) * 0x100000001b3ull;
}

static void mix_str(digest *d, const char *s) { mix(d, s ? s : "", s ? strlen(s) : 0); }

static char *read_text(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    char *buf = NULL;
    long n = -1;
    if (fseek(f, 0, SEEK_END) == 0 && (n = ftell(f)) >= 0 && fseek(f, 0, SEEK_SET) == 0 &&
        (buf = malloc((size_t)n + 1)) && fread(buf, 1, (size_t)n, f) != (size_t)n)
        n = -1;
    fclose(f);
    if (n < 0) {
        free(buf);
        return NULL;
    }
    buf[n] = 0;
    if (len)
        *len = (size_t)n;
    return buf;
}

/* The files text includes with "quotes", found beside the including file or in a --cu-opt -I
 * directory, and theirs, into the key: editing a header the kernel uses makes a new PTX.
 * (Headers in <angle brackets> are the toolkit's, keyed by NVRTC's version and their
 * directories.) */
static void mix_includes(digest *d, const char *text, const char *dir, int depth)
{
    for (const char *p = text; depth < 16 && (p = strstr(p, "include")); p += 7) {
        const char *q = p + 7;
        const char *b = p;
        while (b > text && (b[-1] == ' ' || b[-1] == '\t'))
            b--;
        if (b == text || b[-1] != '#')
            continue;
        while (*q == ' ' || *q == '\t')
            q++;
        if (*q != '"' || !strchr(q + 1, '"'))
            continue;
        char name[512], path[1100];
        snprintf(name, sizeof name, "%.*s", (int)(strchr(q + 1, '"') - q - 1), q + 1);
        char *sub = NULL;
        snprintf(path, sizeof path, "%s/%s", dir, name);
        sub = read_text(path, NULL);
        for (int i = 0; !sub && i < ncu_opts; i++)
            if (!strncmp(cu_opts[i], "-I", 2) && cu_opts[i][2]) {
                snprintf(path, sizeof path, "%s/%s", cu_opts[i] + 2, name);
                sub = read_text(path, NULL);
            }
        mix_str(d, name);
        if (sub) {
            mix_str(d, sub);
            char subdir[1100];
            snprintf(subdir, sizeof subdir, "%s", path);
            *strrchr(subdir, '/') = 0;
            mix_includes(d, sub, subdir, depth + 1);
            free(sub);
        }
    }
}

/* $XDG_CACHE_HOME/warpsim, else ~/.cache/warpsim, made if missing; "" when there is no home. */
static void cache_dir(char *out, size_t cap)
{
    const char *xdg = getenv("XDG_CACHE_HOME"), *home = getenv("HOME");
    if (xdg && *xdg)
        snprintf(out, cap, "%s/warpsim", xdg);
    else if (home && *home)
        snprintf(out, cap, "%s/.cache/warpsim", home);
    else {
        out[0] = 0;
        return;
    }
    for (char *p = out + 1; *p; p++)
        if (*p == '/') {
            *p = 0;
            mkdir(out, 0755);
            *p = '/';
        }
    mkdir(out, 0755);
}

static int write_file(const char *path, const char *text, size_t len)
{
    FILE *f = fopen(path, "wb");
    if (!f)
        return -1;
    int ok = fwrite(text, 1, len, f) == len;
    return (fclose(f) == 0 && ok) ? 0 : -1;
}

/* ---- compiling ----------------------------------------------------------------------------- */

/* NVRTC's log on stderr in the project's form: its "FILE(LINE): error: ..." lines as
 * "FILE:LINE: error: ..." (NVRTC gives no column), its words and the other lines as they are. */
static void print_log(const char *log)
{
    for (const char *line = log; *line;) {
        const char *end = strchr(line, '\n');
        size_t len = end ? (size_t)(end - line) : strlen(line);
        const char *open = NULL, *digits = NULL;
        for (const char *p = line; p < line + len && !open; p++) { /* the first "(DIGITS): " */
            const char *d = p + 1;
            while (*p == '(' && d < line + len && *d >= '0' && *d <= '9')
                d++;
            if (*p == '(' && d > p + 1 && d + 2 < line + len && d[0] == ')' && d[1] == ':' && d[2] == ' ' && p > line)
                open = p, digits = d;
        }
        if (open)
            fprintf(stderr, "%.*s:%.*s:%.*s\n", (int)(open - line), line, (int)(digits - open - 1), open + 1,
                    (int)(line + len - digits - 2), digits + 2);
        else
            fprintf(stderr, "%.*s\n", (int)len, line);
        line += len + (end != NULL);
    }
}

static void explain_missing_header(const char *log)
{
    if (!strstr(log, "cannot open source file"))
        return;
    fprintf(stderr,
            "warpsim: note: NVRTC (%s) looks for headers in its CUDA's include and include/cccl; "
            "cooperative_groups and cuda_fp16 come with `pip install nvidia-cuda-runtime`, CUB, "
            "Thrust and libcu++ (cuda/std, nv/target) with `pip install nvidia-cuda-cccl`, or with "
            "the CUDA toolkit, or with an NVRTC that brings its own (`pip install -U nvidia-cuda-nvrtc`: "
            "13.5 does)\n",
            nv.path);
}

/* Adds "-IDIR" to opts when DIR is a directory not already there. */
static void add_include(char opts[][1100], int *n, int max, const char *dir)
{
    struct stat st;
    if (*n >= max || stat(dir, &st) != 0 || !S_ISDIR(st.st_mode))
        return;
    for (int i = 0; i < *n; i++)
        if (!strcmp(opts[i] + 2, dir))
            return;
    /* a directory whose option would not fit is left out rather than cut short into another path */
    int len = snprintf(opts[*n], sizeof opts[*n], "-I%s", dir);
    if (len < 0 || (size_t)len >= sizeof opts[*n])
        return;
    ++*n;
}

/* The include directories for NVRTC's headers, found without being told: ROOT/include and
 * ROOT/include/cccl, ROOT being the directory above NVRTC's lib or lib64 (a toolkit, or the
 * CUDA 13 wheels, which all install into site-packages/nvidia/cu13), then, for NVRTC from a
 * wheel, every other nvidia/PACKAGE/include (and its cccl) of the same site-packages: the CUDA
 * 12 wheels install cooperative_groups in nvidia/cuda_runtime/include and CUB, libcu++ and
 * nv/target in nvidia/cuda_cccl/include. */
static int header_options(char opts[][1100], int max)
{
    char root[1024], dir[1100];
    snprintf(root, sizeof root, "%s", nv.path);
    for (int up = 0; up < 2; up++) {
        char *s = strrchr(root, '/');
        if (!s)
            return 0;
        *s = 0;
    }
    int n = 0;
    snprintf(dir, sizeof dir, "%s/include", root);
    add_include(opts, &n, max, dir);
    snprintf(dir, sizeof dir, "%s/include/cccl", root);
    add_include(opts, &n, max, dir);
    char *wheel = NULL; /* root: SITE/nvidia/PACKAGE (the last "/nvidia/": a home may be /home/nvidia) */
    for (char *p = strstr(root, "/nvidia/"); p; p = strstr(p + 1, "/nvidia/"))
        wheel = p;
    if (!wheel || strchr(wheel + strlen("/nvidia/"), '/'))
        return n;
    wheel[strlen("/nvidia")] = 0;
    const char *subs[] = {"include", "include/cccl"};
    for (int i = 0; i < 2; i++) {
        glob_t g;
        snprintf(dir, sizeof dir, "%s/*/%s", root, subs[i]);
        if (glob(dir, 0, NULL, &g) == 0)
            for (size_t k = 0; k < g.gl_pathc; k++)
                add_include(opts, &n, max, g.gl_pathv[k]);
        globfree(&g);
    }
    return n;
}

/* True when a directory of the -IDIR options, or of the user's --cu-opt -IDIR, holds NAME. */
static bool has_header(char opts[][1100], int n, const char *name)
{
    char p[1200];
    for (int i = 0; i < n + ncu_opts; i++) {
        const char *o = i < n ? opts[i] : cu_opts[i - n];
        snprintf(p, sizeof p, "%s/%s", o + 2, name);
        if (!strncmp(o, "-I", 2) && o[2] && access(p, F_OK) == 0)
            return true;
    }
    return false;
}

/* NVRTC 13.5 carries CUDA's headers (cooperative_groups, cuda_fp16, CUB, Thrust, libcu++) in
 * its libnvrtc-builtins: with --use-bundled-headers=DIR it unpacks them into DIR once (a
 * version marker file there says they are in) and compiles with them, so its wheel alone
 * compiles a kernel that includes them. Such an NVRTC exports nvrtcInstallBundledHeaders;
 * older ones refuse the option. DIR is in warpsim's cache, one per NVRTC: its version, and
 * the library's size, as NVRTC's marker names only the version and a patch release may change
 * the headers. Writes the option into opt and the lock file's path into lock; false when this
 * NVRTC has no headers of its own, the user chose with --cu-opt, or there is no cache. */
static bool bundled_headers(const char *cdir, int major, int minor, char *opt, size_t cap, char *lock, size_t lcap)
{
    struct stat st;
    if (!cdir[0] || !dlsym(nv.lib, "nvrtcInstallBundledHeaders") || stat(nv.path, &st) != 0)
        return false;
    for (int i = 0; i < ncu_opts; i++)
        if (!strncmp(cu_opts[i], "--use-bundled-headers", 21))
            return false;
    snprintf(opt, cap, "--use-bundled-headers=%s/nvrtc-headers-%d.%d-%lld", cdir, major, minor, (long long)st.st_size);
    snprintf(lock, lcap, "%s.lock", strchr(opt, '=') + 1);
    return true;
}

int ws_cu_compile(const char *path, const char *kernel, char **ptx_text, size_t *len, char **ptx_path, char **entry)
{
    *ptx_text = *ptx_path = *entry = NULL;
    size_t srclen;
    char *src = read_text(path, &srclen);
    if (!src) {
        fprintf(stderr, "warpsim: error: cannot read %s: %s\n", path, strerror(errno));
        return -1;
    }
    const char *env = getenv("WARPSIM_NVRTC");
    if (!load_nvrtc() && env && *env && strcmp(env, "none")) {
        fprintf(stderr, "warpsim: error: WARPSIM_NVRTC=%s is no NVRTC library: %s\n", env, dlerror());
        free(src);
        return -1;
    } else if (!nv.lib) {
        fprintf(stderr,
                "warpsim: error: %s is CUDA C++: compiling it needs NVRTC, the CUDA runtime compiler, found neither "
                "in a CUDA toolkit ($CUDA_HOME, /usr/local/cuda) nor in Python's site-packages; install it with\n"
                "    pip install nvidia-cuda-nvrtc\n"
                "(or give its path in WARPSIM_NVRTC, or compile to PTX with nvcc -arch=sm_90 -ptx)\n",
                path);
        free(src);
        return -1;
    }
    /* the options: line info for traces, sm_90 PTX, headers beside NVRTC and beside the file */
    char dir[1100], incs[8][1100];
    snprintf(dir, sizeof dir, "-I%s", path);
    char *slash = strrchr(dir, '/');
    if (slash)
        *slash = 0;
    else
        snprintf(dir, sizeof dir, "-I.");
    int major = 0, minor = 0;
    nv.version(&major, &minor);
    char cdir[1024], bundled[1200], lock[1200];
    cache_dir(cdir, sizeof cdir);
    int ninc = header_options(incs, 8);
    /* without a toolkit's or the wheels' cooperative_groups and CCCL, NVRTC's own headers, if it
       has them (never mixed with some of the others: one CUDA's set) */
    bool own = !(has_header(incs, ninc, "cooperative_groups.h") && has_header(incs, ninc, "nv/target")) &&
               bundled_headers(cdir, major, minor, bundled, sizeof bundled, lock, sizeof lock);
    if (own)
        ninc = 0;
    const char *opts[MAX_CU_OPTS + 13]; /* 4 of its own, 8 include directories, --cu-opt's */
    int nopts = 0;
    opts[nopts++] = "--gpu-architecture=compute_90";
    opts[nopts++] = "--generate-line-info";
    opts[nopts++] = dir;
    if (own)
        opts[nopts++] = bundled; /* in the key: the PTX of other headers is another PTX */
    for (int i = 0; i < ninc; i++)
        opts[nopts++] = incs[i];
    for (int i = 0; i < ncu_opts; i++)
        opts[nopts++] = cu_opts[i];
    /* a template kernel exists in the PTX only once instantiated: --kernel's name does it */
    const char *name_expr = kernel && strchr(kernel, '<') ? kernel : NULL;

    digest d = {0xcbf29ce484222325ull, 0x84222325cbf29ce4ull};
    mix(&d, src, srclen);
    mix_includes(&d, src, slash ? dir + 2 : ".", 0);
    for (int i = 0; i < nopts; i++)
        mix_str(&d, opts[i]);
    mix_str(&d, name_expr);
    mix(&d, &major, sizeof major);
    mix(&d, &minor, sizeof minor);
    mix_str(&d, path); /* the name the line info gives the file */
    char cached[1200], cached_entry[1200];
    snprintf(cached, sizeof cached, "%s/nvrtc-%016llx%016llx.ptx", cdir, (unsigned long long)d.a,
             (unsigned long long)d.b);
    snprintf(cached_entry, sizeof cached_entry, "%.*s.entry", (int)(strlen(cached) - 4), cached);

    int rc = -1;
    char *text = cdir[0] ? read_text(cached, len) : NULL;
    if (text && name_expr && !(*entry = read_text(cached_entry, NULL))) {
        free(text); /* a PTX without the name of its kernel: compile again */
        text = NULL;
    }
    if (!text) {
        nvrtcProgram prog = NULL;
        static const char *const shim_names[] = {"cstdio", "stdio.h"};
        static const char *const shims[] = {"/* warpsim: printf is NVRTC's own */\n",
                                            "/* warpsim: printf is NVRTC's own */\n"};
        int r = nv.create(&prog, src, path, 2, shims, shim_names);
        if (r == 0 && name_expr)
            r = nv.add_name(prog, name_expr);
        if (r != 0) {
            fprintf(stderr, "warpsim: error: NVRTC: %s\n", nv.error(r));
            goto done;
        }
        /* NVRTC installs its headers on the first compile; another warpsim compiling at the
           same time waits here until they are all in, instead of finding NVRTC's own install
           lock taken or a directory half written */
        int lk = own ? open(lock, O_RDWR | O_CREAT | O_CLOEXEC, 0644) : -1;
        if (lk >= 0)
            while (flock(lk, LOCK_EX) != 0 && errno == EINTR)
                ;
        r = nv.compile(prog, nopts, opts);
        if (lk >= 0)
            close(lk); /* the lock goes with it */
        size_t n = 0;
        char *log = NULL;
        if (nv.log_size(prog, &n) == 0 && n > 1 && (log = malloc(n)) && nv.log(prog, log) == 0)
            print_log(log); /* NVRTC's own words: errors, and warnings of a good compile */
        if (r != 0) {
            if (log)
                explain_missing_header(log);
            fprintf(stderr, "warpsim: error: NVRTC (%s) could not compile %s\n", nv.path, path);
            free(log);
            nv.destroy(&prog);
            goto done;
        }
        free(log);
        const char *lowered = NULL;
        if (nv.ptx_size(prog, &n) != 0 || !(text = malloc(n + 1)) || nv.ptx(prog, text) != 0 ||
            (name_expr && (nv.lowered(prog, name_expr, &lowered) != 0 || !(*entry = strdup(lowered))))) {
            fprintf(stderr, "warpsim: error: NVRTC gave no PTX for %s\n", path);
            nv.destroy(&prog);
            goto done;
        }
        text[n] = 0;
        *len = strlen(text);
        nv.destroy(&prog);
        if (cdir[0] &&
            (write_file(cached, text, *len) != 0 || (*entry && write_file(cached_entry, *entry, strlen(*entry)) != 0)))
            remove(cached); /* no cache, then; the run goes on */
    }
    if (ptx_out && write_file(ptx_out, text, *len) != 0) {
        fprintf(stderr, "warpsim: error: cannot write %s: %s\n", ptx_out, strerror(errno));
        goto done;
    }
    /* Diagnostics name the PTX's lines: never the .cu file's name with them (its lines are the CUDA ones) */
    char unkept[1200];
    snprintf(unkept, sizeof unkept, "%s (NVRTC's PTX)", path);
    *ptx_path = strdup(cdir[0] && !access(cached, R_OK) ? cached : (ptx_out ? ptx_out : unkept));
    *ptx_text = text;
    text = NULL;
    rc = *ptx_path ? 0 : -1;
done:
    free(text);
    free(src);
    if (rc != 0) {
        free(*entry);
        *entry = NULL;
    }
    return rc;
}
