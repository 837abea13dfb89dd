"""Cacao lessons: each one replays to the result its rule text gives, and its checkpoints judge
a learner's tries (a wrong one refused with a rule, the right one accepted)."""
from __future__ import annotations

from explorer import lessons, rules
from explorer.cacao import Decline, Place, Rebuild, Work
from explorer.cacao.examples import PURPLE, RED, WHITE, YELLOW

N, E, S, W = range(4)


def final(lesson):
    return lesson.states()[-1]


def temple_points(sheet, player):
    return sum(l.points for l in sheet.lines_for(player) if l.label.startswith("temple"))


def test_the_cacao_lessons_are_shipped_with_a_caption_for_every_step():
    names = [lesson.name for lesson in lessons.shipped("cacao")]
    assert names == ["first_game", "market", "rebuild", "temple_tie"]
    for lesson in lessons.shipped("cacao"):
        assert len(lesson.captions()) == len(lesson.states())
        assert all(caption.strip() for caption in lesson.captions())
        assert all(rules.exists(rule) for rule in lesson.teaches)
        assert "Korean rulebook (lines" in lesson.intro   # where it is in the text


def test_market_lesson():
    """Korean 91-93: Yellow takes a cacao and sells it at the new price-3 market for 3 gold; Red
    sells a stored cacao there for 3 gold."""
    lesson = lessons.get("cacao", "market")
    states = lesson.states()
    start, end = states[0], states[-1]
    assert start.turn == YELLOW and start.cacao[RED] == 1
    assert (end.gold[YELLOW], end.cacao[YELLOW]) == (3, 0)
    assert (end.gold[RED], end.cacao[RED]) == (3, 0)
    assert end.score().totals == {RED: 3, PURPLE: 0, WHITE: 0, YELLOW: 3}
    assert end.turn == RED and end.phase == "place"
    sold = [e for s in states for e in s.events if e.rule == "cacao.work.market"]
    assert [(e.player, e.data["gold"]) for e in sold] == [(YELLOW, 3), (RED, 3)]
    # step 1: a tile elsewhere fills nothing; an illegal cell is refused by its rule
    wrong = lesson.judge(0, start, Place("1-1-1-1", (-1, 0), 0))
    assert not wrong.right and wrong.rule == "cacao.fill.spaces"
    illegal = lesson.judge(0, start, Place("1-1-1-1", (5, 4), 0))
    assert not illegal.right and illegal.rule == "cacao.place.adjacent"
    assert lesson.judge(0, start, Place("1-1-1-1", (1, 0), 2)).right
    # step 6: Red's activated worker sells, it is not declined
    before_red = states[5]
    assert not lesson.judge(5, before_red, Decline((2, 1), N)).right
    assert lesson.judge(5, before_red, Work((2, 1), N)).right


def test_rebuild_lesson():
    """Korean 130-131: Red pays a sun token, rebuilds, takes 2 cacao, sells them for 2 x 4 = 8
    gold and moves the water carrier one field on."""
    lesson = lessons.get("cacao", "rebuild")
    states = lesson.states()
    start, end = states[0], states[-1]
    assert start.rebuilding_open and start.sun[RED] == 1
    assert states[2].cacao[RED] == 2                                 # from the plantation
    assert (end.gold[RED], end.cacao[RED], end.sun[RED]) == (8, 0, 0)
    assert end.water[RED] == start.water[RED] + 1                    # one field on: -1 -> 0
    assert end.water_value(RED) == 0 and end.score().totals[RED] == 8
    assert (-1, 0) in end.covered and end.current_player == PURPLE
    # a rebuild turned another way does not bring the 8 gold; a normal placement is no rebuild
    wrong = lesson.judge(0, start, Rebuild("2-1-0-1", (-1, 0), 0))
    assert not wrong.right and wrong.rule == "cacao.rebuild.own_tile"
    assert not lesson.judge(0, start, Place("2-1-0-1", (1, 0), 0)).right
    other = lesson.judge(0, start, Rebuild("2-1-0-1", (0, 1), 0))   # Purple's tile
    assert not other.right and other.rule == "cacao.rebuild.own_tile"
    assert lesson.judge(0, start, Rebuild("2-1-0-1", (-1, 0), 3)).right


def test_temple_tie_lesson():
    """Korean 137-138: Yellow and Red have 2 workers each at the temple and get 3 gold each;
    Purple with 1 worker gets nothing."""
    lesson = lessons.get("cacao", "temple_tie")
    start, end = lesson.states()
    assert end.is_over
    sheet = end.score()
    points = {p: temple_points(sheet, p) for p in range(4)}
    assert points == {RED: 3, PURPLE: 0, WHITE: 0, YELLOW: 3}
    assert sheet.totals == points                    # nothing else scores in this position
    temple = [l for l in sheet.lines_for(YELLOW) if l.label.startswith("temple")][0]
    assert temple.rule == "cacao.scoring.temple_ties"
    wrong = lesson.judge(0, start, Place("2-1-0-1", (3, 0), 0))     # 0 workers face the temple
    assert not wrong.right and wrong.rule == "cacao.scoring.temple_ties"
    assert lesson.judge(0, start, Place("2-1-0-1", (2, -1), 2)).right
    assert lesson.judge(0, start, Place("2-1-0-1", (3, 0), 3)).right


def test_first_game_lesson():
    """A whole first round for 3 players from set-up: every player places once and the turn
    comes back to Red."""
    lesson = lessons.get("cacao", "first_game")
    states = lesson.states()
    start, end = states[0], states[-1]
    assert (start.players, start.seed, start.turn) == (3, 6, RED)
    placers = [s.events[0].player for s in states[1:]
               if s.events[0].rule == "cacao.place.worker_tile"]
    assert placers == [RED, PURPLE, WHITE]
    assert end.turn == RED and end.phase == "place" and end.turns == 3
    assert end.gold == (4, 3, 3) and end.cacao == (0, 0, 0)
    assert [len(h) for h in end.hands] == [3, 3, 3]                # everyone drew after placing
    assert end.score().totals == {RED: -6, PURPLE: -7, WHITE: -7}  # water carriers on -10
    # Red's decline is a checkpoint: selling at once is not what the lesson shows
    after_place = states[2]
    assert not lesson.judge(2, after_place, Work((1, 0), S)).right
    assert lesson.judge(2, after_place, Decline((1, 0), S)).right
    # White's checkpoint accepts any tile that makes a space be filled
    white = states[9]
    assert lesson.judge(9, white, Place("2-1-0-1", (3, 0), 0)).right       # fills (3, 1)
    miss = lesson.judge(9, white, Place("2-1-0-1", (-1, 0), 0))
    assert not miss.right and miss.rule == "cacao.fill.spaces"
    # the first step accepts any legal cell, and an illegal one is refused by its rule
    corner = lesson.judge(0, start, Place("1-1-1-1", (3, 0), 0))
    assert not corner.right and corner.rule == "cacao.place.adjacent"
    assert lesson.judge(0, start, Place("2-1-0-1", (0, 1), 1)).right
