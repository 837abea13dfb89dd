"""The class service (server/classroom.py): codes, keys, joins, leaves, questions and answers,
caps, expiry, and bad messages refused, driven without a network."""
import json
import math

import pytest

import explorer
from explorer import lessons
from server import classroom
from server.classroom import ALPHABET, CODE_LENGTH, Classroom, Limits, normal_code
from explorer.links import build_query


class Conn:
    """A connection as the service sees it: what it was sent, in order."""

    def __init__(self, address="10.0.0.1"):
        self.address = address
        self.sent = []

    def send(self, message):
        json.dumps(message)              # everything sent must go over the wire
        self.sent.append(message)

    def last(self, op=None):
        found = [m for m in self.sent if op is None or m["op"] == op]
        return found[-1] if found else None


class Clock:
    def __init__(self):
        self.now = 1000.0

    def __call__(self):
        return self.now


def say(room, conn, **message):
    room.receive(conn, json.dumps(message))


def cacao_position(moves: int = 0, step: int | None = None) -> str:
    game = explorer.GAMES["cacao"]
    state = game.setup_steps(2, 1)[-1]
    actions = []
    for _ in range(moves):
        action = state.legal_actions()[0]
        actions.append(action)
        state = state.apply(action)
    setup = len(game.setup_steps(2, 1))
    return build_query(game, 2, 1, {}, actions, step or setup + moves)


@pytest.fixture
def room():
    clock = Clock()
    room = Classroom(Limits(followers=3, joins_per_minute=5, misses_per_minute=5), clock=clock)
    room.clock_now = clock
    return room


def start(room, position=None):
    teacher = Conn("10.0.0.9")
    say(room, teacher, op="start", app="cacao", position=position or cacao_position())
    started = teacher.last("started")
    assert started, teacher.sent
    return teacher, started["code"], started["key"]


def test_codes_are_unambiguous_and_carry_30_bits():
    assert CODE_LENGTH * math.log2(len(ALPHABET)) >= 30
    assert not set("01OIL") & set(ALPHABET)
    codes = {classroom.new_code() for _ in range(2000)}
    assert len(codes) == 2000
    code = next(iter(codes))
    assert normal_code(code.lower()) == code
    assert normal_code(f"{code[:3]}-{code[3:]}") == code
    assert normal_code("O" * CODE_LENGTH) is None and normal_code(None) is None


def test_a_teacher_starts_and_followers_see_each_step(room):
    teacher, code, key = start(room)
    students = [Conn(f"10.0.1.{i}") for i in range(2)]
    for s in students:
        say(room, s, op="follow", code=code.lower())
        assert s.last("position")["position"] == cacao_position()
    assert teacher.last("followers") == {"op": "followers", "n": 2}
    for moves in (1, 2, 3):
        say(room, teacher, op="step", position=cacao_position(moves))
        for s in students:
            got = s.last("position")
            assert (got["position"], got["seq"]) == (cacao_position(moves), moves)
    say(room, students[0], op="step", position=cacao_position(5))   # a follower cannot drive
    assert students[0].last("refused")["why"] == "key"
    assert students[1].last("position")["position"] == cacao_position(3)


def test_only_the_key_leads_again_and_a_reload_resumes(room):
    teacher, code, key = start(room)
    room.gone(teacher)
    stranger = Conn()
    say(room, stranger, op="lead", code=code, key="not-the-key")
    # the same answer as for a code that names no class: leading cannot tell codes that exist
    assert stranger.last("refused")["why"] == "unknown"
    say(room, stranger, op="lead", code="ABCDEFG", key="not-the-key")
    assert stranger.last("refused")["text"] == stranger.sent[-2]["text"]
    again = Conn()
    say(room, again, op="lead", code=code, key=key)
    assert again.last("leading")["position"] == cacao_position()
    say(room, again, op="step", position=cacao_position(1))
    student = Conn()
    say(room, student, op="follow", code=code)
    assert student.last("position")["position"] == cacao_position(1)


def test_leaves_count_and_a_full_class_refuses(room):
    teacher, code, _ = start(room)
    students = [Conn(f"10.0.2.{i}") for i in range(4)]
    for s in students:
        say(room, s, op="follow", code=code)
    assert students[3].last("refused")["why"] == "full"
    assert room.status(code) == "full"
    room.gone(students[0])
    assert teacher.last("followers")["n"] == 2 and room.status(code) == "open"
    say(room, students[3], op="follow", code=code)
    assert students[3].last("position")


def test_guessed_codes_are_capped_per_address(room):
    teacher, code, _ = start(room)
    guesser = Conn("10.9.9.9")
    for _ in range(5):
        say(room, guesser, op="follow", code="ABCDEFG")
        assert guesser.last("refused")["why"] == "unknown"
    say(room, guesser, op="follow", code="ABCDEFG")
    assert guesser.last("refused")["why"] == "rate"
    say(room, guesser, op="find", code=code)      # past the cap, a right guess is not told
    assert guesser.last("refused")["why"] == "rate" and not guesser.last("found")
    say(room, guesser, op="lead", code=code, key="a-guess")     # nor by leading
    assert guesser.last("refused")["why"] == "rate"
    room.clock_now.now += 61
    say(room, guesser, op="follow", code="ABCDEFG")
    assert guesser.last("refused")["why"] == "unknown"


def test_wrong_keys_count_as_misses(room):
    teacher, code, key = start(room)
    guesser = Conn("10.9.9.8")
    for i in range(5):
        say(room, guesser, op="lead", code=code, key=f"guess-{i}")
        assert guesser.last("refused")["why"] == "unknown"
    say(room, guesser, op="lead", code=code, key=key)      # even the right key, past the cap
    assert guesser.last("refused")["why"] == "rate" and not guesser.last("leading")


def test_rejoins_from_one_address_are_not_capped(room):
    """Every page's kernel reaches the service from its server's address: a class whose
    network dropped twice in a minute rejoins, far past the cap on guesses."""
    teacher, code, _ = start(room)
    for _ in range(4 * room.limits.misses_per_minute):
        student = Conn("127.0.0.1")
        say(room, student, op="follow", code=code)
        assert student.last("position"), student.sent
        room.gone(student)
    assert teacher.last("followers")["n"] == 0


def test_pages_asking_for_a_class_are_capped_per_address(room):
    for _ in range(room.limits.joins_per_minute):
        assert room.join_allowed("10.0.0.7")
    assert not room.join_allowed("10.0.0.7") and room.join_allowed("10.0.0.8")
    room.clock_now.now += 61
    assert room.join_allowed("10.0.0.7")


def test_question_answers_are_judged_and_tallied(room):
    teacher, code, _ = start(room, cacao_position(1))
    students = [Conn(f"10.0.3.{i}") for i in range(3)]
    for s in students:
        say(room, s, op="follow", code=code)
    say(room, teacher, op="ask")
    question = students[0].last("question")["id"]
    state = classroom.position_state(explorer.GAMES["cacao"], cacao_position(1))[0]
    legal = state.legal_actions()[0]
    say(room, students[0], op="answer", question=question, action=legal.to_json(), name=" Ann ")
    assert students[0].last("judged")["kind"] == "legal"
    # a move the engine refuses, with its rule: a place with no neighbouring tile
    refused = {**legal.to_json(), "cell": [40, 40]}
    say(room, students[1], op="answer", question=question, action=refused)
    judged = students[1].last("judged")
    assert judged["kind"] == "refused" and judged["rule"] and judged["text"]
    tally = teacher.last("tally")
    assert (tally["answered"], tally["following"]) == (2, 3)
    assert [g["rule"] for g in tally["groups"] if g["kind"] == "refused"] == [judged["rule"]]
    legal_group = [g for g in tally["groups"] if g["kind"] == "legal"][0]
    assert legal_group["count"] == 1 and legal_group["names"] == ["Ann"]
    for _ in range(4):          # answers per student per question are capped
        say(room, students[2], op="answer", question=question, action=legal.to_json())
    assert students[2].last("refused")["why"] == "rate"
    say(room, students[2], op="answer", question=question + 1, action=legal.to_json())
    assert students[2].last("refused")["why"] in ("closed", "rate")
    say(room, teacher, op="close")
    say(room, students[0], op="answer", question=question, action=legal.to_json())
    assert students[0].last("refused")["why"] == "closed"
    say(room, teacher, op="ask")                   # a step closes the open question
    say(room, teacher, op="step", position=cacao_position(2))
    assert students[0].last("question")["id"] is None and teacher.last("question")["id"] is None
    assert room.classes[code].question is None


def test_a_lesson_question_is_right_or_wrong_as_the_lesson_says():
    room = Classroom()
    lesson = next(l for l in lessons.shipped("cacao")
                  if any(s.checkpoint for s in l.steps))
    i = next(i for i, s in enumerate(lesson.steps) if s.checkpoint)
    position = f"?lesson={lesson.name}&step={i + 1}"
    teacher = Conn()
    say(room, teacher, op="start", app="cacao", position=position)
    code = teacher.last("started")["code"]
    right, wrong = Conn("1.1.1.1"), Conn("1.1.1.2")
    for s in (right, wrong):
        say(room, s, op="follow", code=code)
    say(room, teacher, op="ask")
    qid = teacher.last("question")["id"]
    state = lesson.states()[i]
    answer = lesson.steps[i].action
    other = next((a for a in state.legal_actions()
                  if not lesson.judge(i, state, a).right), None)
    say(room, right, op="answer", question=qid, action=answer.to_json())
    assert right.last("judged")["kind"] == "right"
    if other is not None:
        say(room, wrong, op="answer", question=qid, action=other.to_json())
        assert wrong.last("judged")["kind"] == "wrong"
    tally = teacher.last("tally")
    assert tally["lesson"] and tally["groups"][0]["kind"] == "right"


def test_the_class_ends_by_the_teacher_or_after_ten_minutes_gone(room):
    teacher, code, key = start(room)
    student = Conn()
    say(room, student, op="follow", code=code)
    say(room, teacher, op="end")
    assert student.last("ended")["why"] == "teacher"
    assert student.last("ended")["position"] == cacao_position()
    assert room.status(code) == "unknown"

    teacher, code, key = start(room)
    say(room, student, op="follow", code=code)
    room.gone(teacher)
    room.clock_now.now += 599
    assert room.expire() == []
    room.clock_now.now += 2
    assert room.expire() == [code]
    assert student.last("ended")["why"] == "gone"


def test_a_restart_tells_everyone(room):
    teacher, code, _ = start(room)
    student = Conn()
    say(room, student, op="follow", code=code)
    room.end_all()
    assert teacher.last("ended")["why"] == student.last("ended")["why"] == "restart"


HOSTILE = [
    "", "not json", "[]", "null", '{"op": 5}', '{"op": "nope"}', '{"op": "start"}',
    '{"op": "start", "app": "cacao"}', '{"op": "start", "app": "chess", "position": ""}',
    '{"op": "start", "app": "cacao", "position": "?record=%%%"}',
    '{"op": "start", "app": "cacao", "position": "?players=99"}',
    '{"op": "follow"}', '{"op": "follow", "code": ["A"]}', '{"op": "follow", "code": "' + "A" * 5000 + '"}',
    '{"op": "lead", "code": null, "key": null}', '{"op": "step", "position": "?step=2"}',
    '{"op": "ask"}', '{"op": "end"}', '{"op": "answer", "question": 1, "action": {}}',
    '{"op": "allow", "seat_view": "yes"}', "[" * 100_000, '{"op": "' + "x" * 20_000 + '"}',
    b'{"op": "follow"}',
]


@pytest.mark.parametrize("text", HOSTILE, ids=range(len(HOSTILE)))
def test_hostile_messages_get_a_clean_refusal(text):
    room = Classroom()
    conn = Conn()
    room.receive(conn, text)
    assert conn.sent and all(m["op"] == "refused" and m["text"] for m in conn.sent)
    assert room.classes == {}


def test_hostile_answers_in_an_open_class_are_refused_and_the_class_goes_on(room):
    teacher, code, _ = start(room)
    student = Conn()
    say(room, student, op="follow", code=code)
    say(room, teacher, op="ask")
    qid = teacher.last("question")["id"]
    for action in (None, 5, "x", [], {"type": "nope"}, {"type": "place_worker", "x": "a"},
                   {"type": "place_worker", "x": 10**100, "y": -1, "tile": {}}):
        say(room, student, op="answer", question=qid, action=action)
        assert student.last()["op"] in ("judged", "refused")
        if student.last()["op"] == "judged":
            assert student.last()["kind"] in ("bad", "refused")
    say(room, teacher, op="step", position=cacao_position(1))
    assert student.last("position")["position"] == cacao_position(1)


def test_a_flood_of_messages_is_capped(room):
    teacher, code, _ = start(room)
    stranger = Conn()
    for _ in range(101):
        say(room, stranger, op="ask")
    assert stranger.last("refused")["why"] == "rate"
    for _ in range(300):          # a teacher may burst through a game's steps
        say(room, teacher, op="allow", seat_view=True)
    assert teacher.last("refused") is None
    for _ in range(300):
        say(room, teacher, op="allow", seat_view=True)
    assert teacher.last("refused")["why"] == "rate"
