"""The Python example of the README's `## Python` section runs as written."""

import re

from conftest import ROOT


def test_readme_python_example():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme.split("\n## Python\n", 1)[1].split("\n## ", 1)[0]
    blocks = re.findall(r"```python\n(.*?)```", section, re.S)
    assert len(blocks) == 1
    assert "sowing.kalah.solve" in blocks[0]
    exec(compile(blocks[0], "README.md", "exec"), {})
