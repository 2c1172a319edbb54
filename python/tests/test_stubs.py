"""The typing stubs name everything the native module has (and nothing else), and every
class, function and method has a docstring."""

import ast
import inspect
from pathlib import Path

import sowing
import sowing._sowing as native
import sowing.kalah
import sowing.toguz

PACKAGE = Path(sowing.__file__).parent


def stub_names(name):
    """Top-level names and each class's members in a stub file."""
    tree = ast.parse((PACKAGE / name).read_text())
    names, members = set(), {}
    for node in tree.body:
        if isinstance(node, ast.ClassDef):
            names.add(node.name)
            members[node.name] = {
                n.name if isinstance(n, ast.FunctionDef) else n.target.id
                for n in node.body
                if isinstance(n, ast.FunctionDef) or (isinstance(n, ast.AnnAssign) and isinstance(n.target, ast.Name))
            }
        elif isinstance(node, ast.FunctionDef):
            names.add(node.name)
        elif isinstance(node, ast.AnnAssign):
            names.add(node.target.id)
        elif isinstance(node, ast.ImportFrom) and node.module is None:
            names.update(a.asname or a.name for a in node.names)
    return names, members


def public(obj):
    return {n for n in dir(obj) if not n.startswith("_") or n in ("_repr_svg_",)}


def check(module, stub):
    names, members = stub_names(stub)
    runtime = set(module.__all__)
    assert runtime <= names | {"__version__"}, runtime - names
    for cls, declared in members.items():
        klass = getattr(module, cls)
        if issubclass(klass, BaseException):
            continue
        own = {n for n in public(klass) if n in vars(klass)}
        assert own <= declared, (cls, own - declared)
        dunders = {"__new__", "__eq__", "__hash__", "__int__", "__len__", "__copy__", "__deepcopy__"}
        assert declared - dunders <= own | {"South", "North"}, (
            cls,
            declared - own,
        )


def test_stubs_match_the_native_module():
    check(native, "_sowing.pyi")
    check(native.kalah, "kalah.pyi")
    check(native.toguz, "toguz.pyi")
    assert (PACKAGE / "py.typed").exists()


def test_everything_has_a_docstring():
    for module in [native, native.kalah, native.toguz]:
        for name in module.__all__:
            obj = getattr(module, name)
            if inspect.ismodule(obj) or isinstance(obj, str):
                continue
            assert obj.__doc__ and obj.__doc__.strip(), name
            if inspect.isclass(obj) and not issubclass(obj, BaseException):
                for member, value in vars(obj).items():
                    if member.startswith("__") or member in ("South", "North"):
                        continue
                    assert value.__doc__ and value.__doc__.strip(), (name, member)
