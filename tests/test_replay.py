"""Several vacancies replayed in date order: earlier successors sit when later ones are decided."""

from __future__ import annotations

from conftest import by_person, decide, he_case, he_list


def _nom():
    return he_list(("a", 900, True), ("b", 800, True), ("c", 700, True), ("d", 300), ("e", 200), ("f", 100))


def test_successor_of_an_earlier_vacancy_is_already_called():
    dets = decide(he_case([_nom()], [("2010-01-01", "a", "died"), ("2010-06-01", "b", "resigned")]))["determinations"]
    assert [d["successor"] for d in dets] == ["d", "e"]
    # d sits as the earlier successor: ranked first, skipped as already_called
    assert by_person(dets[1])["d"]["reason"] == "already_called"


def test_vacancies_are_taken_in_date_order_not_file_order():
    events = [("2010-06-01", "b", "resigned"), ("2010-01-01", "a", "died")]
    dets = decide(he_case([_nom()], events))["determinations"]
    assert [(d["vacancy"], d["successor"]) for d in dets] == [("a", "d"), ("b", "e")]


def test_same_date_keeps_file_order():
    events = [("2010-01-01", "b", "resigned"), ("2010-01-01", "a", "resigned")]
    dets = decide(he_case([_nom()], events))["determinations"]
    assert [(d["vacancy"], d["successor"]) for d in dets] == [("b", "d"), ("a", "e")]


def test_successor_who_leaves_opens_a_new_vacancy():
    # (notified on 4 Jan, d is a member when his week ends; core.unnotified = pending deems nothing
    # without a notification)
    events = [("2010-01-01", "a", "died"), ("2010-01-04", "d", "notified"), ("2010-03-01", "d", "resigned")]
    dets = decide(he_case([_nom()], events))["determinations"]
    assert [(d["vacancy"], d["successor"]) for d in dets] == [("a", "d"), ("d", "e")]
    # the second vacancy belongs to the same Wahlvorschlag
    assert dets[1]["seat_nomination"] == "spd" and dets[1]["trigger"] == "resigned"


def test_refusal_chain_is_one_determination():
    events = [("2010-01-01", "a", "died"), ("2010-01-05", "d", "refused"), ("2010-01-09", "e", "refused")]
    dets = decide(he_case([_nom()], events))["determinations"]
    assert len(dets) == 1 and dets[0]["successor"] == "f"
    assert [(c["person"], c["status"]) for c in dets[0]["candidates"]] == [
        ("d", "skipped"),
        ("e", "skipped"),
        ("f", "successor"),
    ]


def test_refusal_after_membership_began_is_a_verzicht():
    # d is called on 1 Jan and notified on 4 Jan; without a declaration his membership begins when his
    # week ends; his refusal on 3 Feb gives up the seat
    events = [
        ("2010-01-01", "a", "died"),
        ("2010-01-04", "d", "notified"),
        ("2010-02-01", "b", "died"),
        ("2010-02-03", "d", "refused"),
    ]
    result = decide(he_case([_nom()], events))
    dets = result["determinations"]
    assert [(d["vacancy"], d["trigger"], d["successor"]) for d in dets] == [
        ("a", "died", "d"),
        ("b", "died", "e"),
        ("d", "resigned", "f"),
    ]
    assert any("read as giving up the seat" in w for w in result["warnings"])


def test_refusal_within_the_period_fails_the_call_even_after_another_vacancy():
    # the same refusal within four weeks of the call: d's call fails; the walk for a's seat goes on
    # on 20 Jan, while b's seat (vacant since 15 Jan) called e
    events = [("2010-01-01", "a", "died"), ("2010-01-15", "b", "died"), ("2010-01-20", "d", "refused")]
    dets = decide(he_case([_nom()], events))["determinations"]
    assert [(d["vacancy"], d["successor"]) for d in dets] == [("a", "f"), ("b", "e")]
    assert dets[0]["calls"][0] == {
        "person": "d",
        "nomination": "spd",
        "from": "2010-01-01",
        "ended": "2010-01-20",
        "how": "refused",
    }


def test_chain_exhausts_the_list():
    events = [
        ("2010-01-01", "a", "died"),
        ("2010-01-02", "d", "refused"),
        ("2010-01-03", "e", "refused"),
        ("2010-01-04", "f", "refused"),
    ]
    det = decide(he_case([_nom()], events))["determinations"][0]
    assert det["outcome"] == "vacant" and det["member_count_reduced"]
    assert len(det["candidates"]) == 3


def test_vacancy_key_decides_only_the_named_seat_and_called_events_give_seats():
    events = [("2010-01-01", "a", "died"), ("2010-01-20", "e", "called"), ("2010-06-01", "b", "resigned")]
    result = decide(he_case([_nom()], events, vacancy="b"))
    dets = result["determinations"]
    assert [(d["vacancy"], d["successor"]) for d in dets] == [("b", "d")]
    assert by_person(dets[0]).get("e") is None  # e sits (called); d is first and not excluded


def test_called_history_person_is_already_called():
    events = [("2010-01-01", "a", "died"), ("2010-01-20", "d", "called"), ("2010-06-01", "b", "resigned")]
    dets = decide(he_case([_nom()], events, vacancy="b"))["determinations"]
    assert dets[0]["successor"] == "e" and by_person(dets[0])["d"]["reason"] == "already_called"


def test_conflicting_called_event_is_warned_about():
    events = [("2010-01-01", "a", "died"), ("2010-01-20", "e", "called")]
    result = decide(he_case([_nom()], events))
    # the record stands: e is the successor; d, whom the statute reaches, is named in the warning
    assert result["determinations"][0]["successor"] == "e"
    assert by_person(result["determinations"][0])["d"]["status"] == "behind"
    assert any("records 'e' as called" in w and "'d'" in w for w in result["warnings"])


def test_resignation_of_a_non_holder_opens_no_vacancy_and_is_read_as_a_waiver():
    result = decide(he_case([_nom()], [("2010-01-01", "d", "resigned")]))
    assert result["determinations"] == []
    # d was never given a seat: the warning says how it was read and suggests the likely slip
    assert any("never gives them a seat" in w and "waiver" in w and "elected: true" in w for w in result["warnings"])
    later = decide(he_case([_nom()], [("2010-01-01", "d", "resigned"), ("2010-02-01", "a", "died")]))
    assert by_person(later["determinations"][0])["d"]["reason"] == "waived"
    assert later["determinations"][0]["successor"] == "e"


def test_empty_seat_is_recorded_for_later_vacancies():
    nom = he_list(("a", 900, True), ("b", 800, True))
    dets = decide(he_case([nom], [("2010-01-01", "a", "died"), ("2011-01-01", "b", "died")]))["determinations"]
    assert [d["outcome"] for d in dets] == ["vacant", "vacant"]


def test_referred_seat_stays_until_the_loss_is_recorded():
    nom = he_list(("a", 900, True), ("b", 300), ("c", 100))
    result = decide(
        he_case(
            [nom],
            [("2010-01-01", "a", "elected_mayor"), ("2010-01-05", "b", "refused"), ("2010-02-01", "a", "lost_seat")],
        )
    )
    dets = result["determinations"]
    assert [(d["vacancy"], d["outcome"], d["successor"]) for d in dets] == [
        ("a", "referred", None),
        ("a", "successor", "b"),
    ]
    # the referral ended its procedure: no call was open when b refused, so his refusal refuses nothing
    # (issue 50: a waiver of the Anwartschaft, § 34 Abs. 2 Satz 1 Halbsatz 2, is recorded as `waived`)
    assert any("there was no call to refuse" in w and "'waived'" in w for w in result["warnings"])
    assert any("referred to another provision" in w for w in result["warnings"])


def test_replay_warnings_in_german():
    result = decide(he_case([_nom()], [("2010-01-01", "d", "resigned")]), lang="de")
    assert any("weist der Person aber nie einen Sitz zu" in w for w in result["warnings"])


def test_a_settled_vacancy_is_not_reopened_by_the_successors_later_events():
    # d accepts on 5 Jan; his loss of eligibility in March belongs to a later time, and the
    # lost_seat that follows opens a new vacancy of his own
    events = [
        ("2010-01-01", "a", "died"),
        ("2010-01-04", "d", "notified"),
        ("2010-01-05", "d", "accepted"),
        ("2010-03-01", "d", "lost_eligibility"),
        ("2010-03-02", "d", "lost_seat"),
    ]
    dets = decide(he_case([_nom()], events))["determinations"]
    assert [(x["vacancy"], x["successor"]) for x in dets] == [("a", "d"), ("d", "e")]
    assert dets[0]["membership"]["status"] == "accepted"


def test_same_date_vacancies_warn_when_file_order_decides_the_seats():
    events = [("2010-01-01", "b", "resigned"), ("2010-01-01", "a", "resigned")]
    result = decide(he_case([_nom()], events))
    assert any("in the other order the seats would go b -> e, a -> d" in w for w in result["warnings"])
    # two seats of different lists: the order decides nothing, and nothing is said
    two = [he_list(("a", 900, True), ("d", 300)), he_list(("x", 900, True), ("y", 100), nid="cdu")]
    result = decide(he_case(two, [("2010-01-01", "x", "died"), ("2010-01-01", "a", "died")]))
    assert not any("other order" in w for w in result["warnings"])


def test_a_pending_call_counts_as_filled_and_shows_in_the_composition():
    result = decide(he_case([_nom()], [("2010-01-01", "a", "died"), ("2010-01-03", "d", "notified")]))
    comp = result["composition"]
    assert comp["pending"] == [{"person": "d", "seat_of": "a", "since": "2010-01-01"}]
    assert comp["seats"] == [{"nomination": "spd", "holders": ["b", "c"]}] and comp["vacant"] == []


def test_a_recorded_call_naming_a_seat_nobody_vacated_is_an_input_error():
    import pytest

    from nachruecken.errors import InputError

    with pytest.raises(InputError, match="seat_of names 'b', whose seat the term has not vacated") as err:
        decide(he_case([_nom()], [("2010-01-01", "a", "died"), ("2010-01-20", "d", "called", {"seat_of": "b"})]))
    assert err.value.path == "events[1].seat_of"


def test_a_recorded_call_of_the_pending_person_keeps_him_pending_outside_hessen_2011():
    # he-kwg-34 (old text): the record dates the determination; membership still follows acceptance
    result = decide(
        he_case(
            [_nom()], [("2010-01-01", "a", "died"), ("2010-01-05", "d", "called", {"seat_of": "a"})], as_of="2010-01-10"
        )
    )
    # his period runs from the recorded determination
    assert result["composition"]["pending"] == [{"person": "d", "seat_of": "a", "since": "2010-01-05"}]
    assert result["determinations"][0]["recorded_call"] == "d"


def test_an_acceptance_and_a_refusal_on_one_day_are_taken_in_file_order_with_a_warning():
    events = [("2010-01-01", "a", "died"), ("2010-01-03", "d", "accepted"), ("2010-01-03", "d", "refused")]
    first = decide(he_case([_nom()], events))
    again = decide(he_case([_nom()], [events[0], events[2], events[1]]))
    assert first["determinations"][0]["successor"] == "d" and again["determinations"][0]["successor"] == "e"
    for result in (first, again):
        assert any("both accepted and refused on 3 January 2010" in w for w in result["warnings"])
