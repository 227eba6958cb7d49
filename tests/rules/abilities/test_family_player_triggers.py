"""Template family `player_triggers`: 'When you field a Sidekick / When one of your character
dice is KO'd / When you use an action die / When you take damage, <effect>' on real cards,
played through the engine on a demo card's dice (P1's Superman 19sww holds the ability)."""

from rules.abilities.describe import describe
from rules.engine import Zone, query
from tests.rules.abilities.long_tail import compiled_real, real_cards, real_line
from tests.rules.abilities.scenario import board, play


def _attack(state, cards, die="P1:19sww#1"):
    return query.attack(state, cards, state.die(die)).value


def _defense(state, cards, die="P1:19sww#1"):
    return query.defense(state, cards, state.die(die)).value


def test_when_you_field_a_sidekick_white_tiger_73asm():
    cards = real_cards("73asm", real_line("73asm", "When you field a Sidekick"))
    setup = board("P1 die 19sww#1 field L1", "P1 die SK1 reserve L1", "P1 die 22sww#1 reserve L1")
    state = play(cards, setup, "P1 field SK1").final
    assert _attack(state, cards) == 4 + 1
    state = play(cards, setup, "P1 field 22sww#1").final  # not a Sidekick
    assert _attack(state, cards) == 4


def test_when_you_field_a_character_die_iceman_55xfc_and_not_the_opponent():
    cards = real_cards("55xfc", real_line("55xfc", "When you field"))
    setup = board("P1 die 19sww#1 field L1", "P1 die 22sww#1 reserve L1")
    state = play(cards, setup, "P1 field 22sww#1").final
    assert (_attack(state, cards), _defense(state, cards)) == (5, 7)
    # Not active (no Iceman die in the Field): nothing happens.
    idle = board("P1 die 19sww#1 used", "P1 die 22sww#1 reserve L1")
    replay = play(cards, idle, "P1 field 22sww#1")
    assert not [e for s in replay.steps for e in s.events if e.kind == "modified"]


def test_when_your_opponent_fields_is_not_when_you_field():
    # Paraphrase with the same structure as 128fus ('whenever your opponent fields ...').
    result = compiled_real("128fus", "Whenever your opponent fields a character die, gain 1 life")
    cards = real_cards("128fus", "Whenever your opponent fields a character die, gain 1 life")
    assert result.encoding["abilities"][0]["any"] == {"pick": "each", "side": "opposing"}
    setup = board("P1 life 15", "P1 die 19sww#1 field L1", "P2 die SK1 reserve L1", active="P2")
    assert play(cards, setup, "P2 field SK1").final.player("P1").life == 16
    mine = board("P1 life 15", "P1 die 19sww#1 field L1", "P1 die SK1 reserve L1")
    assert play(cards, mine, "P1 field SK1").final.player("P1").life == 15


ORDER = "P1 order P1:19sww.kod0#1 P1:19sww.kod0#2"


def _modified(replay) -> int:
    return len([e for s in replay.steps for e in s.events if e.kind == "modified"])


def test_when_a_sidekick_die_is_kod_either_players_juggernaut_58xfc():
    cards = real_cards("58xfc", real_line("58xfc", "When a Sidekick"))
    setup = board("P1 die 19sww#1 field L1", "P1 die SK1 field L1", "P2 die SK1 field L1")
    # Both Sidekicks trade: two triggers (P1 orders them), +2A and +2D each.
    replay = play(cards, setup, "P1 attack SK1", "P2 block SK1>SK1", "P1 damage", ORDER)
    assert replay.final.die("P1:SK1").zone == Zone.PREP
    assert replay.final.die("P2:SK1").zone == Zone.PREP
    assert _modified(replay) == 2
    # A non-Sidekick KO'd: nothing.
    other = board("P1 die 19sww#1 field L1", "P1 die 22sww#1 field L1", "P2 die 5sww#1 field L1")
    replay = play(cards, other, "P1 attack 22sww#1", "P2 block 5sww#1>22sww#1", "P1 damage")
    assert replay.final.die("P2:5sww#1").zone == Zone.PREP and _modified(replay) == 0


def test_when_an_opposing_character_die_is_kod_red_skull_34ai():
    cards = real_cards("34ai", real_line("34ai", "When an opposing"))
    attack = board("P1 die 19sww#1 field L1", "P1 die SK1 field L1", "P2 die SK1 field L1")
    # P1's Superman KOs P2's blocking Sidekick (opposing): Red Skull's bonus; P1's own
    # Sidekick KO'd by a blocker is not opposing.
    replay = play(cards, attack, "P1 attack 19sww#1", "P2 block SK1>19sww#1", "P1 damage")
    bonus = [e for s in replay.steps for e in s.events if e.kind == "modified"]
    assert len(bonus) == 1
    own = play(cards, attack, "P1 attack SK1", "P2 block SK1>SK1", "P1 damage")
    # Both Sidekicks trade: only P2's counts.
    assert len([e for s in own.steps for e in s.events if e.kind == "modified"]) == 1


def test_one_of_your_sidekicks_blue_beetle_79jl():
    cards = real_cards("79jl", real_line("79jl", "Whenever one of your"))
    setup = board("P1 die 19sww#1 field L1", "P1 die SK1 field L1", "P2 die 5sww#1 field L1")
    replay = play(cards, setup, "P1 attack SK1", "P2 block 5sww#1>SK1", "P1 damage")
    assert replay.final.die("P1:SK1").zone == Zone.PREP
    assert len([e for s in replay.steps for e in s.events if e.kind == "modified"]) == 1


def test_any_character_die_kod_ork_nob_13ork():
    cards = real_cards("13ork", real_line("13ork", "When a character die"))
    setup = board("P1 die 19sww#1 field L1", "P1 die SK1 field L1", "P2 die SK1 field L1")
    replay = play(cards, setup, "P1 attack SK1", "P2 block SK1>SK1", "P1 damage", ORDER)
    assert _modified(replay) == 2


def test_each_time_you_use_an_action_die_baron_zemo_75aou():
    cards = real_cards("75aou", real_line("75aou", "Each time you use"))
    setup = board("P1 die 19sww#1 field L1", "P1 die BA:31sww#1 reserve action")
    state = play(cards, setup, "P1 use BA:31sww#1").final
    assert _attack(state, cards) == 4 + 2


def test_action_die_bonus_with_overcrush_carnage_41asm_and_zod_30skc():
    for key, keyword in (("41asm", "overcrush"), ("30skc", "fast")):
        cards = real_cards(key, real_line(key, "When you use an action die"))
        setup = board("P1 die 19sww#1 field L1", "P1 die BA:31sww#1 reserve action")
        state = play(cards, setup, "P1 use BA:31sww#1").final
        die = state.die("P1:19sww#1")
        assert _attack(state, cards) == 5
        assert keyword in query.keywords(state, cards, die)


def test_you_may_spin_up_when_you_use_an_action_die_the_atom_46jus():
    cards = real_cards("46jus", real_line("46jus", "When you use an action die"))
    setup = board("P1 die 19sww#1 field L1", "P1 die BA:31sww#1 reserve action")
    assert play(cards, setup, "P1 use BA:31sww#1", "P1 yes").final.die("P1:19sww#1").level == 2
    assert play(cards, setup, "P1 use BA:31sww#1", "P1 no").final.die("P1:19sww#1").level == 1


def test_when_you_take_damage_moondragon_62gotg():
    cards = real_cards("62gotg", real_line("62gotg", "When you take damage"))
    setup = board("P1 die 19sww#1 field L1", "P2 die 5sww#1 field L1", active="P2")
    state = play(cards, setup, "P2 attack 5sww#1", "P1 block", "P2 damage").final
    assert state.player("P1").life == 16
    assert state.die("P1:19sww#1").level == 2
    # The opponent taking damage is not 'you'.
    mine = board("P1 die 19sww#1 field L1", "P1 die SK1 field L1")
    assert play(cards, mine, "P1 attack SK1", "P1 damage").final.die("P1:19sww#1").level == 1


def test_yugioh_monsters_are_character_dice_28ygo_90ygo():
    summon = compiled_real("28ygo", real_line("28ygo", "Whenever you summon"))
    assert summon.status == "automated"
    spec = summon.encoding["abilities"][0]
    assert spec["when"] == "fielded" and spec["any"]["energy"] == ["fist"]
    cards = real_cards("90ygo", real_line("90ygo", "When one of your monsters"))
    setup = board("P1 die 19sww#1 field L1", "P1 die SK1 field L1", "P2 die 5sww#1 field L1")
    state = play(cards, setup, "P1 attack SK1", "P2 block 5sww#1>SK1", "P1 damage", "P1 yes")
    assert state.final.die("P1:19sww#1").level == 2
    # A [F] filter: fielding a Mask die (Wonder Woman) doesn't spin.
    cards = real_cards("28ygo", real_line("28ygo", "Whenever you summon"))
    mask = board("P1 die 19sww#1 field L1", "P1 die 22sww#1 reserve L1")
    assert play(cards, mask, "P1 field 22sww#1").final.die("P1:19sww#1").level == 1


def test_named_dice_clauses_wulfen_22sw_and_asuka_6wwe():
    wulfen = compiled_real("22sw", real_line("22sw", "When one of your"))
    assert wulfen.encoding["abilities"][0]["effects"] == [
        {"do": "spin", "to": {"pick": "each", "name": "Wulfen"}, "levels": 1}
    ]
    asuka = compiled_real("6wwe", real_line("6wwe", "Whenever you field"))
    assert asuka.status == "automated"
    assert asuka.encoding["abilities"][0]["effects"][0]["to"] == {
        "pick": "each",
        "side": "yours",
        "name": "Asuka",
    }
    assert "one of your Mask non-Sidekick character dice is fielded" in describe(asuka.encoding)


def test_lines_that_stay_manual():
    for key, starts in (
        # 45wf (a Clark Kent die KO'd by combat damage) is read by when_rest
        ("8bff", "Whenever a character is knocked out during"),
        ("47wf", "When a [DCB] character die is KO'd"),  # buys this die: not a phrase
        ("86xfc", "Whenever you use an Action die"),  # Infiltrate: no engine keyword
        ("49wf", "When you use a non-Basic Action Die"),
    ):
        result = compiled_real(key, real_line(key, starts))
        assert result.status == "manual", (key, result.encoding)


def test_the_first_time_each_turn_you_field_another_character_iceman_72uxm():
    cards = real_cards("72uxm")
    setup = board(
        "P1 die 19sww#1 field L1", "P1 die SK1 reserve L1", "P1 die SK2 reserve L1",
        "P1 die 22sww#1 reserve L1",
    )  # fmt: skip
    state = play(cards, setup, "P1 field SK1", "P1 field SK2").final
    assert _attack(state, cards) == 4 + 3  # once, not twice
    again = play(cards, setup, "P1 field 22sww#1").final
    assert _attack(again, cards) == 4 + 3
    assert compiled_real("72uxm").encoding["abilities"][0]["limit"] == "first_time"


def test_when_a_non_villain_die_is_fielded_either_player_penguin_131wf():
    cards = real_cards("131wf", real_line("131wf", "When a non-[DCV]"))
    setup = board(
        "P1 die 19sww#1 field L1", "P2 die SK1 reserve L1", "P2 die 5sww#1 reserve L1",
        "P2 die SK2 reserve mask", active="P2",
    )  # fmt: skip
    state = play(cards, setup, "P2 field SK1").final  # the opponent's Sidekick counts
    assert _defense(state, cards) == 6 + 1
    state = play(cards, setup, "P2 field 5sww#1 pay SK2").final  # a Villain doesn't
    assert _defense(state, cards) == 6


def test_whenever_a_sidekick_attacks_hawkgirl_57bat_and_a_different_turtle_35tmnt():
    cards = real_cards("57bat", real_line("57bat", "Whenever a Sidekick attacks"))
    setup = board("P1 die 19sww#1 field L1", "P1 die SK1 field L1", "P1 die SK2 field L1")
    replay = play(cards, setup, "P1 attack SK1 SK2", "P1 order P1:19sww.attacks0#1 "
                  "P1:19sww.attacks0#2")  # fmt: skip
    assert replay.final.die("P1:19sww#1").level == 3  # two Sidekicks: up two levels
    turtle = compiled_real("35tmnt", real_line("35tmnt", "Whenever a different"))
    assert turtle.status == "automated"
    assert turtle.encoding["abilities"][0]["any"] == {
        "pick": "each", "affiliation": ["turtle"], "other": True
    }  # fmt: skip


def test_while_active_prefix_and_spin_it_means_the_die_fielded_thunderbird_114xfc():
    result = compiled_real("114xfc")
    assert result.status == "automated"
    spec = result.encoding["abilities"][0]
    assert spec["effects"] == [{"do": "spin", "to": {"pick": "that"}, "levels": 1}]
    cards = real_cards("114xfc")
    teams = ("19sww:2 1uxm:2 basic 31sww", "5sww:2 basic 34sww")
    setup = board("P1 die 19sww#1 field L1", "P1 die 1uxm#1 reserve L1", teams=teams)
    state = play(cards, setup, "P1 field 1uxm#1").final  # Angel: X-Men
    assert state.die("P1:1uxm#1").level == 2 and state.die("P1:19sww#1").level == 1
    idle = board("P1 die 19sww#1 used", "P1 die 1uxm#1 reserve L1", teams=teams)
    assert play(cards, idle, "P1 field 1uxm#1").final.die("P1:1uxm#1").level == 1


def test_a_different_justice_league_character_batman_3jl():
    line = real_line("3jl", "While Batman is active")
    spec = compiled_real("3jl", line).encoding["abilities"][0]
    assert spec["any"] == {"pick": "each", "side": "yours", "affiliation": ["justiceleague"],
                          "other": True}  # fmt: skip
    cards = real_cards("3jl", line)
    setup = board("P1 life 15", "P1 die 19sww#1 field L1", "P1 die 22sww#1 reserve L1")
    assert play(cards, setup, "P1 field 22sww#1").final.player("P1").life == 16


def test_pronouns_that_could_mean_either_die_stay_manual():
    for text in (
        "When you field a character die, it gets +1A",  # 'it': that die or this card?
        "When one of your character dice is KO'd, spin it up 1 level",  # KO'd: not in the Field
    ):
        assert compiled_real("55xfc", text).status == "manual", text


def test_when_an_opponent_uses_an_action_die_wasp_48ai_and_either_player_15myst():
    cards = real_cards("48ai")
    spec = compiled_real("48ai").encoding["abilities"][0]
    assert spec["by"] == "opposing"
    theirs = board("P1 die 19sww#1 field L1", "P2 die BA:34sww#1 reserve action", active="P2")
    replay = play(cards, theirs, "P2 use BA:34sww#1")  # Truce: a judge-played effect
    assert replay.final.player("P2").life == 19
    mine = board("P1 die 19sww#1 field L1", "P1 die BA:31sww#1 reserve action")
    assert play(cards, mine, "P1 use BA:31sww#1").final.player("P2").life == 20
    cards = real_cards("15myst")
    state = play(cards, mine, "P1 use BA:31sww#1").final  # either player's action die
    assert _attack(state, cards) == 5


def test_fielding_filters_or_energy_non_self_and_opposing_12gaf_18ki_58bat_60thor():
    cards = real_cards("12gaf")  # '[F] or [S]': Superman (Shield) counts
    setup = board("P1 die 19sww#1 field L1", "P1 die 22sww#1 reserve L1")
    assert _attack(play(cards, setup, "P1 field 22sww#1").final, cards) == 4  # Mask
    assert compiled_real("12gaf").encoding["abilities"][0]["any"]["energy"] == ["fist", "shield"]
    raccoon = compiled_real("18ki").encoding["abilities"][0]["any"]
    assert raccoon == {"pick": "each", "side": "yours", "affiliation": ["gotg"], "other": True}
    cards = real_cards("58bat")  # whenever an opposing character die is fielded
    theirs = board(
        "P1 die 19sww#1 field L1", "P1 die SK1 field L1", "P2 die SK1 reserve L1", active="P2"
    )
    state = play(cards, theirs, "P2 field SK1", "P1 choose P2:SK1").final
    assert state.die("P2:SK1").zone == Zone.PREP
    assert compiled_real("60thor").encoding["abilities"][0]["any"] == {
        "pick": "each", "side": "opposing", "affiliation": ["villain"]
    }  # fmt: skip


def test_a_villain_is_fielded_blue_beetle_deals_damage_40jl():
    cards = real_cards("40jl")
    setup = board(
        "P1 die 19sww#1 field L1", "P2 die 5sww#1 reserve L1", "P2 die SK1 reserve mask",
        active="P2",
    )  # fmt: skip
    assert play(cards, setup, "P2 field 5sww#1 pay SK1").final.player("P2").life == 19
