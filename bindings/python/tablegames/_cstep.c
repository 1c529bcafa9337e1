/*
 * tablegames._cstep: State.step() and its StepView in C, the optional fast
 * path of the Python binding (the pure-Python StepView in step.py is the
 * fallback, with the same API and behaviour; tests run against both).
 *
 * Through ctypes a step costs about 3,000 instructions in libffi and ctypes
 * alone, and the view's len() and [i] another 1,400 in Python; here a step
 * is one vectorcall, and the view answers len() and [i] from C slots.
 *
 * The module does not link libtablegames. A program may have loaded the
 * library from $TABLEGAMES_LIBRARY or a build tree, and the state belongs
 * to that copy: so State hands the view the addresses of tg_state_step and
 * tg_state_step_chance taken from the library ctypes loaded (checked below
 * with dladdr to be those functions), and the state's own address. Only
 * State makes these objects (tablegames/state.py); their arguments are
 * trusted as ctypes' are.
 *
 * The view type is a static type (the module's one object besides itself);
 * the module keeps no other state. Everything a view needs is in the view.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <structmember.h>

#include <dlfcn.h>
#include <limits.h>
#include <stdint.h>
#include <string.h>

#include <boardgames/tablegames.h>

PyMODINIT_FUNC PyInit__cstep(void);

/* The two calls, typed as the header declares them. The redeclarations
 * below make the compiler hold these types to the header (a mismatch is a
 * "conflicting types" error) without referring to the symbols. */
typedef tg_status step_fn(tg_state *state, tg_move move, int *player, tg_move *moves,
                          size_t cap, size_t *count);
typedef tg_status step_chance_fn(tg_state *state, tg_move *applied, int *player,
                                 tg_move *moves, size_t cap, size_t *count);
step_fn tg_state_step;
step_chance_fn tg_state_step_chance;
/* What view._observe() calls: the data loop's tensor, mask and key. */
typedef tg_status tensor_fn(const tg_state *state, int viewer, float *out, size_t cap);
typedef tg_status mask_fn(const tg_state *state, uint8_t *mask, size_t cap);
typedef tg_status key_fn(const tg_state *state, int player, uint64_t out[2]);
tensor_fn tg_state_observation_tensor;
mask_fn tg_state_legal_mask;
key_fn tg_state_information_key;

/* StepView._last when the last step drew a chance outcome, or when the view
 * was read without a step (step.py's DRAWN and NOT_STEPPED). */
enum { DRAWN = -1, NOT_STEPPED = -2 };
/* Bumped when what State passes to a view changes; step.py checks it. */
#define CSTEP_INTERFACE 2

typedef struct {
    PyObject_HEAD
    int player;
    long long last;     /* the move id last stepped, DRAWN or NOT_STEPPED */
    tg_move drawn;      /* the outcome of the last chance step */
    size_t count;
    size_t cap;
    tg_move *ids;       /* in the buffer of ids_owner, cap entries at least */
    tg_state *state;    /* NULL once the State is closed (_detach) */
    step_fn *step;
    step_chance_fn *step_chance;
    PyObject *ids_owner; /* the ctypes array State.step_view() also fills */
    Py_buffer ids_buffer;
    PyObject *acquire, *release; /* the State's lock's bound methods */
    PyObject *move_id;  /* state._move_id: the checks of any other move */
    PyObject *fail;     /* fail(status) raises what State._check raises */
    PyObject *closed_type, *closed_message;
    /* _observe(): NULL functions when State did not ask for it. */
    tensor_fn *tensor;
    mask_fn *mask;
    key_fn *key;
    size_t tensor_size, mask_size;
    int players;
    PyObject *seat;       /* seat(player): the checks of any other player */
    PyObject *bad_buffer; /* bad_buffer(obj, floats, n) raises the refusal */
} StepView;

static PyTypeObject StepViewType;

/* ---- making one (State only) ------------------------------------------------ */

static int function_at(PyObject *address, const char *name, void **out)
{
    void *fn = PyLong_AsVoidPtr(address);
    if (fn == NULL && PyErr_Occurred())
        return -1;
    /* A wrong address would crash at the first step: refuse anything that
     * is not the named function of a loaded object. */
    Dl_info info;
    if (fn == NULL || dladdr(fn, &info) == 0 || info.dli_sname == NULL ||
        strcmp(info.dli_sname, name) != 0 || info.dli_saddr != fn) {
        PyErr_Format(PyExc_ValueError, "_cstep: %R is not the address of %s", address, name);
        return -1;
    }
    *out = fn;
    return 0;
}

static PyObject *view_new(PyTypeObject *type, PyObject *args, PyObject *kwargs)
{
    static char *names[] = {"state", "step", "step_chance", "ids", "cap", "lock", "move_id",
                            "fail", "closed_type", "closed_message", "tensor", "mask", "key",
                            "tensor_size", "mask_size", "players", "seat", "bad_buffer",
                            NULL};
    PyObject *state, *step, *step_chance, *ids, *lock, *move_id, *fail, *closed_type,
        *closed_message, *tensor = Py_None, *mask = Py_None, *key = Py_None, *seat = Py_None,
        *bad_buffer = Py_None;
    Py_ssize_t cap, tensor_size = 0, mask_size = 0;
    int players = 0;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "OOOOnOOOOU|$OOOnniOO:StepView", names,
                                     &state, &step, &step_chance, &ids, &cap, &lock, &move_id,
                                     &fail, &closed_type, &closed_message, &tensor, &mask, &key,
                                     &tensor_size, &mask_size, &players, &seat, &bad_buffer))
        return NULL;
    int observe = tensor != Py_None;
    if (observe && (tensor_size <= 0 || mask_size <= 0 || players <= 0 ||
                    !PyCallable_Check(seat) || !PyCallable_Check(bad_buffer)))
        return PyErr_Format(PyExc_ValueError, "_cstep: bad _observe arguments");
    void *tensor_ptr = NULL, *mask_ptr = NULL, *key_ptr = NULL;
    if (observe && (function_at(tensor, "tg_state_observation_tensor", &tensor_ptr) < 0 ||
                    function_at(mask, "tg_state_legal_mask", &mask_ptr) < 0 ||
                    function_at(key, "tg_state_information_key", &key_ptr) < 0))
        return NULL;
    if (cap < 0 || (size_t)cap > PY_SSIZE_T_MAX / sizeof(tg_move))
        return PyErr_Format(PyExc_ValueError, "_cstep: bad capacity %zd", cap);
    if (!PyCallable_Check(move_id) || !PyCallable_Check(fail) ||
        !PyExceptionClass_Check(closed_type))
        return PyErr_Format(PyExc_TypeError, "_cstep: move_id and fail must be callables");
    void *state_ptr = PyLong_AsVoidPtr(state);
    if (state_ptr == NULL)
        return PyErr_Occurred() ? NULL : PyErr_Format(PyExc_ValueError, "_cstep: NULL state");
    void *step_ptr, *chance_ptr;
    if (function_at(step, "tg_state_step", &step_ptr) < 0 ||
        function_at(step_chance, "tg_state_step_chance", &chance_ptr) < 0)
        return NULL;

    StepView *self = (StepView *)type->tp_alloc(type, 0);
    if (self == NULL)
        return NULL;
    self->last = NOT_STEPPED;
    /* The buffer stays exported (and so in place) for the view's life. */
    if (PyObject_GetBuffer(ids, &self->ids_buffer, PyBUF_WRITABLE) < 0) {
        Py_DECREF(self);
        return NULL;
    }
    self->ids_owner = Py_NewRef(ids);
    if ((size_t)self->ids_buffer.len < (size_t)cap * sizeof(tg_move) ||
        (uintptr_t)self->ids_buffer.buf % _Alignof(tg_move) != 0) {
        Py_DECREF(self);
        return PyErr_Format(PyExc_ValueError, "_cstep: the id buffer holds fewer than %zd ids",
                            cap);
    }
    self->ids = self->ids_buffer.buf;
    self->cap = (size_t)cap;
    self->state = state_ptr;
    /* From a data pointer to a function pointer through an integer: ISO C
     * allows that conversion (implementation-defined), POSIX requires it to
     * work, and dladdr said what is there. */
    self->step = (step_fn *)(uintptr_t)step_ptr;
    self->step_chance = (step_chance_fn *)(uintptr_t)chance_ptr;
    self->acquire = PyObject_GetAttrString(lock, "acquire");
    self->release = self->acquire ? PyObject_GetAttrString(lock, "release") : NULL;
    if (self->release == NULL) {
        Py_DECREF(self);
        return NULL;
    }
    self->move_id = Py_NewRef(move_id);
    self->fail = Py_NewRef(fail);
    self->closed_type = Py_NewRef(closed_type);
    self->closed_message = Py_NewRef(closed_message);
    if (observe) {
        self->tensor = (tensor_fn *)(uintptr_t)tensor_ptr;
        self->mask = (mask_fn *)(uintptr_t)mask_ptr;
        self->key = (key_fn *)(uintptr_t)key_ptr;
        self->tensor_size = (size_t)tensor_size;
        self->mask_size = (size_t)mask_size;
        self->players = players;
        self->seat = Py_NewRef(seat);
        self->bad_buffer = Py_NewRef(bad_buffer);
    }
    return (PyObject *)self;
}

static int view_traverse(StepView *self, visitproc visit, void *arg)
{
    Py_VISIT(self->ids_owner);
    Py_VISIT(self->acquire);
    Py_VISIT(self->release);
    Py_VISIT(self->move_id);
    Py_VISIT(self->fail);
    Py_VISIT(self->closed_type);
    Py_VISIT(self->closed_message);
    Py_VISIT(self->seat);
    Py_VISIT(self->bad_buffer);
    return 0;
}

static int view_clear(StepView *self)
{
    /* ids stays valid until dealloc releases the buffer; a cleared view is
     * never stepped again (tp_clear runs only on unreachable objects). */
    Py_CLEAR(self->acquire);
    Py_CLEAR(self->release);
    Py_CLEAR(self->move_id);
    Py_CLEAR(self->fail);
    Py_CLEAR(self->closed_type);
    Py_CLEAR(self->closed_message);
    Py_CLEAR(self->seat);
    Py_CLEAR(self->bad_buffer);
    return 0;
}

static void view_dealloc(StepView *self)
{
    PyObject_GC_UnTrack(self);
    view_clear(self);
    if (self->ids_owner != NULL) {
        PyBuffer_Release(&self->ids_buffer);
        Py_CLEAR(self->ids_owner);
    }
    Py_TYPE(self)->tp_free((PyObject *)self);
}

/* ---- the step ------------------------------------------------------------------ */

/* Releases the state's lock, keeping an exception already raised. */
static PyObject *unlock(StepView *self, PyObject *result)
{
    PyObject *type, *value, *tb;
    PyErr_Fetch(&type, &value, &tb);
    PyObject *r = PyObject_CallNoArgs(self->release);
    if (r == NULL) {
        if (type == NULL) { /* only the release failed: report that */
            Py_XDECREF(result);
            return NULL;
        }
        PyErr_Clear();
    }
    Py_XDECREF(r);
    PyErr_Restore(type, value, tb);
    return result;
}

/* The move as tg_step takes it, after the checks State.step() makes: an
 * exact int in 0 .. 2**32-1 here; anything else through _move_id, which
 * raises TypeError or IllegalMove with the same words as the pure path. */
static int move_of(StepView *self, PyObject *move, tg_move *out)
{
    if (PyLong_CheckExact(move)) {
        int overflow;
        long long v = PyLong_AsLongLongAndOverflow(move, &overflow);
        if (!overflow && v >= 0 && v <= (long long)UINT32_MAX) {
            *out = (tg_move)v;
            return 0;
        }
    }
    PyObject *checked = PyObject_CallOneArg(self->move_id, move);
    if (checked == NULL)
        return -1;
    unsigned long long v = PyLong_AsUnsignedLongLong(checked);
    Py_DECREF(checked);
    if (v == (unsigned long long)-1 && PyErr_Occurred())
        return -1;
    if (v > UINT32_MAX) /* _move_id passed it: it never does */
        return PyErr_SetString(PyExc_OverflowError, "move id out of range"), -1;
    *out = (tg_move)v;
    return 0;
}

static PyObject *view_step(StepView *self, PyObject *const *args, Py_ssize_t nargs,
                           PyObject *kwnames)
{
    PyObject *move = Py_None;
    Py_ssize_t nkw = kwnames ? PyTuple_GET_SIZE(kwnames) : 0;
    if (nargs + nkw > 1)
        return PyErr_Format(PyExc_TypeError, "step() takes at most 1 argument (%zd given)",
                            nargs + nkw);
    if (nkw == 1 && PyUnicode_CompareWithASCIIString(PyTuple_GET_ITEM(kwnames, 0), "move") != 0)
        return PyErr_Format(PyExc_TypeError, "step() got an unexpected keyword argument '%S'",
                            PyTuple_GET_ITEM(kwnames, 0));
    if (nargs + nkw == 1)
        move = args[0];
    int chance = move == Py_None;
    tg_move id = 0;
    if (!chance && move_of(self, move, &id) < 0)
        return NULL;

    /* The state's lock, as every State method takes it: another thread
     * inside a ctypes call on this state (which lets go of the GIL) holds
     * it, and acquire() waits without the GIL. The library call itself
     * keeps the GIL, as the pure path's PyDLL does: it is shorter than
     * letting go of the GIL and taking it again. */
    if (self->acquire == NULL) /* cleared by the garbage collector */
        return PyErr_Format(PyExc_ReferenceError, "this view is being collected");
    PyObject *r = PyObject_CallNoArgs(self->acquire);
    if (r == NULL)
        return NULL;
    Py_DECREF(r);
    if (self->state == NULL) {
        PyErr_SetObject(self->closed_type, self->closed_message);
        return unlock(self, NULL);
    }
    int player = 0;
    size_t count = 0;
    tg_move drawn = 0;
    tg_status status = chance
        ? self->step_chance(self->state, &drawn, &player, self->ids, self->cap, &count)
        : self->step(self->state, id, &player, self->ids, self->cap, &count);
    if (status != TG_OK) {
        PyObject *code = PyLong_FromLong((long)status);
        r = code ? PyObject_CallOneArg(self->fail, code) : NULL;
        Py_XDECREF(code);
        if (r == NULL)
            return unlock(self, NULL);
        Py_DECREF(r);
    }
    self->last = chance ? DRAWN : (long long)id;
    if (chance)
        self->drawn = drawn;
    self->player = player;
    self->count = count <= self->cap ? count : self->cap;
    return unlock(self, Py_NewRef(self));
}

/* ---- the data loop: tensor, mask and key in one call ----------------------------------- */

/* A caller's buffer C may write n items of the given kind into: writable,
 * C-contiguous, float32 (floats) or one-byte items, large enough. Anything
 * else goes to bad_buffer, which raises the refusal with the words of the
 * Python path (tablegames/buffers.py). */
static int take_buffer(StepView *self, PyObject *obj, int floats, size_t n, Py_buffer *out)
{
    if (PyObject_GetBuffer(obj, out, PyBUF_WRITABLE | PyBUF_FORMAT | PyBUF_C_CONTIGUOUS) == 0) {
        const char *f = out->format ? out->format : "B";
        if (*f == '@' || *f == '=')
            f++;
        int ok = floats ? (out->itemsize == 4 && strcmp(f, "f") == 0)
                        : (out->itemsize == 1 && strchr("Bb?c", *f) != NULL && f[0] != '\0' &&
                           f[1] == '\0');
        if (ok && (size_t)out->len >= n * (size_t)out->itemsize)
            return 0;
        PyBuffer_Release(out);
    } else {
        PyErr_Clear();
    }
    PyObject *size = PyLong_FromSize_t(n);
    PyObject *r = size ? PyObject_CallFunctionObjArgs(self->bad_buffer, obj,
                                                      floats ? Py_True : Py_False, size, NULL)
                       : NULL;
    Py_XDECREF(size);
    if (r != NULL) { /* bad_buffer always raises; if it did not, refuse anyway */
        Py_DECREF(r);
        PyErr_SetString(PyExc_TypeError, "_observe: unusable buffer");
    }
    return -1;
}

static PyObject *key_object(const uint64_t key[2])
{
    if (key[1] == 0)
        return PyLong_FromUnsignedLongLong(key[0]);
    PyObject *high = PyLong_FromUnsignedLongLong(key[1]);
    PyObject *shift = PyLong_FromLong(64);
    PyObject *low = PyLong_FromUnsignedLongLong(key[0]);
    PyObject *shifted = high && shift ? PyNumber_Lshift(high, shift) : NULL;
    PyObject *both = shifted && low ? PyNumber_Or(shifted, low) : NULL;
    Py_XDECREF(high);
    Py_XDECREF(shift);
    Py_XDECREF(low);
    Py_XDECREF(shifted);
    return both;
}

/* _observe(player, tensor, mask): State.observe() (see its documentation). */
static PyObject *view_observe(StepView *self, PyObject *const *args, Py_ssize_t nargs)
{
    if (nargs != 3)
        return PyErr_Format(PyExc_TypeError, "observe() takes 3 arguments (%zd given)", nargs);
    if (self->tensor == NULL || self->seat == NULL)
        return PyErr_Format(PyExc_RuntimeError, "_observe: not available in this view");
    /* The player: a seat as an exact int here; anything else through
     * seat(), which raises as the pure path does or returns the seat. */
    long player = -1;
    if (PyLong_CheckExact(args[0])) {
        player = PyLong_AsLong(args[0]);
        if (player == -1 && PyErr_Occurred())
            PyErr_Clear();
    }
    if (player < 0 || player >= self->players) {
        PyObject *checked = PyObject_CallOneArg(self->seat, args[0]);
        if (checked == NULL)
            return NULL;
        player = PyLong_AsLong(checked);
        Py_DECREF(checked);
        if (player == -1 && PyErr_Occurred())
            return NULL;
        if (player < 0 || player >= self->players)
            return PyErr_Format(PyExc_ValueError, "_observe: seat() passed %ld", player);
    }
    Py_buffer tensor = {0}, mask = {0};
    int have_tensor = args[1] != Py_None, have_mask = args[2] != Py_None;
    if (have_tensor && take_buffer(self, args[1], 1, self->tensor_size, &tensor) < 0)
        return NULL;
    if (have_mask && take_buffer(self, args[2], 0, self->mask_size, &mask) < 0) {
        if (have_tensor)
            PyBuffer_Release(&tensor);
        return NULL;
    }
    PyObject *result = NULL, *r = PyObject_CallNoArgs(self->acquire);
    if (r == NULL)
        goto out;
    Py_DECREF(r);
    if (self->state == NULL) {
        PyErr_SetObject(self->closed_type, self->closed_message);
        result = unlock(self, NULL);
        goto out;
    }
    uint64_t key[2] = {0, 0};
    tg_status status = TG_OK;
    if (have_tensor)
        status = self->tensor(self->state, (int)player, tensor.buf, self->tensor_size);
    if (status == TG_OK && have_mask)
        status = self->mask(self->state, mask.buf, self->mask_size);
    if (status == TG_OK)
        status = self->key(self->state, (int)player, key);
    if (status != TG_OK) {
        PyObject *code = PyLong_FromLong((long)status);
        r = code ? PyObject_CallOneArg(self->fail, code) : NULL;
        Py_XDECREF(code);
        Py_XDECREF(r);
        if (r != NULL) /* fail() always raises */
            PyErr_SetString(PyExc_RuntimeError, "_observe: a call failed");
        result = unlock(self, NULL);
        goto out;
    }
    result = unlock(self, key_object(key));
out:
    if (have_tensor)
        PyBuffer_Release(&tensor);
    if (have_mask)
        PyBuffer_Release(&mask);
    return result;
}

/* ---- the view as a sequence -------------------------------------------------------- */

static PyObject *view_list(StepView *self)
{
    PyObject *list = PyList_New((Py_ssize_t)self->count);
    for (size_t i = 0; list != NULL && i < self->count; i++) {
        PyObject *item = PyLong_FromUnsignedLong(self->ids[i]);
        if (item == NULL)
            Py_CLEAR(list);
        else
            PyList_SET_ITEM(list, (Py_ssize_t)i, item);
    }
    return list;
}

static Py_ssize_t view_len(StepView *self)
{
    return (Py_ssize_t)self->count;
}

static PyObject *no_such_index(StepView *self, PyObject *index)
{
    /* As the pure view words it: "%d" % index, so an int subclass (a Move,
     * True) shows its number, not its str(). */
    PyObject *number = PyLong_Type.tp_repr(index);
    if (number == NULL)
        return NULL;
    PyErr_Format(PyExc_IndexError, "the view holds %zd moves; there is no [%U]",
                 (Py_ssize_t)self->count, number);
    Py_DECREF(number);
    return NULL;
}

static PyObject *view_item(StepView *self, Py_ssize_t i)
{
    if (i < 0 || (size_t)i >= self->count) {
        PyObject *index = PyLong_FromSsize_t(i);
        if (index != NULL) {
            no_such_index(self, index);
            Py_DECREF(index);
        }
        return NULL;
    }
    return PyLong_FromUnsignedLong(self->ids[i]);
}

static PyObject *view_subscript(StepView *self, PyObject *index)
{
    Py_ssize_t n = (Py_ssize_t)self->count;
    if (PyLong_Check(index)) { /* bool too, as a list takes it */
        Py_ssize_t i = PyLong_AsSsize_t(index);
        if (i == -1 && PyErr_Occurred()) {
            if (!PyErr_ExceptionMatches(PyExc_OverflowError))
                return NULL;
            PyErr_Clear();
            return no_such_index(self, index);
        }
        if (i < -n || i >= n)
            return no_such_index(self, index);
        return PyLong_FromUnsignedLong(self->ids[i < 0 ? i + n : i]);
    }
    if (PySlice_Check(index)) {
        PyObject *list = view_list(self);
        PyObject *part = list ? PyObject_GetItem(list, index) : NULL;
        Py_XDECREF(list);
        return part;
    }
    /* What is not an int but has __index__ (a numpy integer) the pure view
     * takes within 0 .. n-1 only, and refuses otherwise. */
    if (PyIndex_Check(index)) {
        Py_ssize_t i = PyNumber_AsSsize_t(index, NULL);
        if (i == -1 && PyErr_Occurred())
            return NULL;
        if (i >= 0 && i < n)
            return PyLong_FromUnsignedLong(self->ids[i]);
    }
    return PyErr_Format(PyExc_TypeError, "view indices are ints or slices, not %s",
                        Py_TYPE(index)->tp_name);
}

static int view_contains(StepView *self, PyObject *value)
{
    PyObject *list = view_list(self);
    if (list == NULL)
        return -1;
    int found = PySequence_Contains(list, value);
    Py_DECREF(list);
    return found;
}

static PyObject *view_iter(StepView *self)
{
    /* A copy, as the pure view's iter(ids[:n]): a step during the loop
     * does not change what the loop sees. */
    PyObject *list = view_list(self);
    PyObject *it = list ? PyObject_GetIter(list) : NULL;
    Py_XDECREF(list);
    return it;
}

static PyObject *view_repr(StepView *self)
{
    PyObject *list = view_list(self);
    if (list == NULL)
        return NULL;
    PyObject *text = PyUnicode_FromFormat("<tablegames.StepView player %d, %zd moves: %R>",
                                          self->player, (Py_ssize_t)self->count, list);
    Py_DECREF(list);
    return text;
}

static PyObject *view_applied(StepView *self, void *closure)
{
    (void)closure;
    if (self->last == DRAWN)
        return PyLong_FromUnsignedLong(self->drawn);
    if (self->last == NOT_STEPPED)
        Py_RETURN_NONE;
    return PyLong_FromLongLong(self->last);
}

/* ---- what State calls -------------------------------------------------------------- */

static PyObject *view_fill(StepView *self, PyObject *const *args, Py_ssize_t nargs)
{
    if (nargs != 2)
        return PyErr_Format(PyExc_TypeError, "_fill() takes 2 arguments (%zd given)", nargs);
    long player = PyLong_AsLong(args[0]);
    if (player == -1 && PyErr_Occurred())
        return NULL;
    if (player < INT_MIN || player > INT_MAX)
        return PyErr_Format(PyExc_OverflowError, "_fill: player %ld", player);
    size_t count = PyLong_AsSize_t(args[1]);
    if (count == (size_t)-1 && PyErr_Occurred())
        return NULL;
    if (count > self->cap)
        return PyErr_Format(PyExc_ValueError, "_fill: %zu ids in a view of %zu", count,
                            self->cap);
    self->player = (int)player;
    self->count = count;
    self->last = NOT_STEPPED;
    Py_RETURN_NONE;
}

static PyObject *view_detach(StepView *self, PyObject *unused)
{
    (void)unused;
    self->state = NULL;
    Py_RETURN_NONE;
}

static PyMethodDef view_methods[] = {
    {"_step", (PyCFunction)(void (*)(void))view_step, METH_FASTCALL | METH_KEYWORDS,
     PyDoc_STR("_step(move=None): State.step() (see its documentation)")},
    {"_fill", (PyCFunction)(void (*)(void))view_fill, METH_FASTCALL,
     PyDoc_STR("_fill(player, count): the view of a position read by step_view()")},
    {"_observe", (PyCFunction)(void (*)(void))view_observe, METH_FASTCALL,
     PyDoc_STR("_observe(player, tensor, mask): State.observe() (see its documentation)")},
    {"_detach", (PyCFunction)view_detach, METH_NOARGS,
     PyDoc_STR("_detach(): the State is closing; later steps raise ClosedError")},
    {NULL, NULL, 0, NULL}};

static PyMemberDef view_members[] = {
    {"player", T_INT, offsetof(StepView, player), READONLY,
     PyDoc_STR("who decides next: a seat, CHANCE or TERMINAL")},
    {"_ids", T_OBJECT, offsetof(StepView, ids_owner), READONLY,
     PyDoc_STR("the ctypes array the view reads its ids from")},
    {NULL, 0, 0, 0, NULL}};

static PyGetSetDef view_getset[] = {
    {"applied", (getter)view_applied, NULL,
     PyDoc_STR("The decision the last step made; None after step_view()."), NULL},
    {NULL, NULL, NULL, NULL, NULL}};

static PySequenceMethods view_as_sequence = {
    .sq_length = (lenfunc)view_len,
    .sq_item = (ssizeargfunc)view_item,
    .sq_contains = (objobjproc)view_contains,
};

static PyMappingMethods view_as_mapping = {
    .mp_length = (lenfunc)view_len,
    .mp_subscript = (binaryfunc)view_subscript,
};

static PyTypeObject StepViewType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "tablegames._cstep.StepView",
    .tp_basicsize = sizeof(StepView),
    .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_BASETYPE | Py_TPFLAGS_HAVE_GC |
                Py_TPFLAGS_SEQUENCE,
    .tp_doc = PyDoc_STR("The C StepView (see tablegames.StepView); made by State only."),
    .tp_new = view_new,
    .tp_dealloc = (destructor)view_dealloc,
    .tp_traverse = (traverseproc)view_traverse,
    .tp_clear = (inquiry)view_clear,
    .tp_repr = (reprfunc)view_repr,
    .tp_iter = (getiterfunc)view_iter,
    .tp_as_sequence = &view_as_sequence,
    .tp_as_mapping = &view_as_mapping,
    .tp_methods = view_methods,
    .tp_members = view_members,
    .tp_getset = view_getset,
};

static int cstep_exec(PyObject *module)
{
    if (PyType_Ready(&StepViewType) < 0)
        return -1;
    if (PyModule_AddIntConstant(module, "INTERFACE", CSTEP_INTERFACE) < 0 ||
        PyModule_AddIntConstant(module, "DRAWN", DRAWN) < 0 ||
        PyModule_AddIntConstant(module, "NOT_STEPPED", NOT_STEPPED) < 0)
        return -1;
    Py_INCREF(&StepViewType);
    if (PyModule_AddObject(module, "StepView", (PyObject *)&StepViewType) < 0) {
        Py_DECREF(&StepViewType);
        return -1;
    }
    return 0;
}

/* Single-phase initialisation: the type is static, so the module could not
 * be isolated per interpreter anyway (and Py_mod_exec's slot would need a
 * function pointer as a void *, which ISO C does not allow). */
static struct PyModuleDef cstep_module = {
    PyModuleDef_HEAD_INIT,
    .m_name = "tablegames._cstep",
    .m_doc = PyDoc_STR("State.step() and its StepView in C (optional; see step.py)."),
    .m_size = -1,
};

PyMODINIT_FUNC PyInit__cstep(void)
{
    PyObject *module = PyModule_Create(&cstep_module);
    if (module != NULL && cstep_exec(module) < 0)
        Py_CLEAR(module);
    return module;
}
