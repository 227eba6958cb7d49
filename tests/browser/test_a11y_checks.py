"""The accessibility checks used on the public pages find what they look for."""

import pytest

from tests.browser import a11y

pytestmark = pytest.mark.browser

BAD = """<body style="margin:0">
<input type="text" name="nameless">
<p style="color:#999;background:#fff">Grey on white</p>
<button style="padding:0;font-size:8px;line-height:8px">x</button>
<div style="width:900px">Too wide for a phone</div>
</body>"""
GOOD = """<body><label for="n">Name</label><input id="n" style="height:32px">
<p style="color:#1b1d22;background:#fff">Dark on white</p>
<button style="padding:8px 12px">Find</button></body>"""


def test_the_checks_catch_each_kind_of_problem(phone):
    phone.set_content(BAD)
    found = a11y.problems(phone, phone=True)
    assert set(found) == {"unlabelled", "low contrast", "small targets", "too wide"}
    assert any("Grey on white" in item for item in found["low contrast"])
    assert "nameless" in found["unlabelled"][0]
    phone.set_content(GOOD)
    assert a11y.problems(phone, phone=True) == {}
