"""What the server's pages say without a kernel to ask: the could-not-start notice lives in the
page template in every language, and must say what the catalogues say."""
import json
from pathlib import Path

from explorer import i18n
from server.voila import start_failed_html

TEMPLATE = (Path(__file__).resolve().parents[1]
            / "share/jupyter/voila/templates/rules-explorer/index.html.j2")


def test_the_could_not_start_notice_is_the_catalogues_words_in_every_language():
    lines = TEMPLATE.read_text().splitlines()
    for lang in i18n.LANGUAGES:
        line = f"    {lang}: {json.dumps(start_failed_html(lang), ensure_ascii=False)},"
        assert line in lines, f"the template's {lang} notice is not the catalogue's; it should read\n{line}"


def test_each_language_says_it_in_its_own_words():
    said = {lang: start_failed_html(lang) for lang in i18n.LANGUAGES}
    assert len(set(said.values())) == len(said)
    assert "규칙 탐색기" in said["ko"] and "szabálybemutató" in said["hu"]
