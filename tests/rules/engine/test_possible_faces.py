"""The faces a board editor offers for a die: every one is a face the engine accepts."""

from rules.engine import SIDEKICK_FACES, parse_face, possible_faces


def test_a_sidekick_offers_its_six_faces():
    assert possible_faces(None) == SIDEKICK_FACES


def test_every_offered_face_is_one_the_die_can_show_and_reads_back(cards):
    for card in cards.values():
        faces = possible_faces(card)
        assert len(set(faces)) == len(faces), card.key
        for face in faces:
            assert card.can_show(face), (card.key, face)
            assert parse_face(face.notation(), card) == face, (card.key, face)


def test_a_character_die_offers_its_levels_first_then_its_energy(cards):
    superman = cards["19sww"]  # shield energy, three levels
    notations = [f.notation() for f in possible_faces(superman)]
    assert notations == ["L1", "L2", "L3", "shield", "shield2", "wild"]


def test_an_action_die_offers_action_faces_with_bursts(cards):
    notations = [f.notation() for f in possible_faces(cards["34sww"])]
    assert notations[:3] == ["action", "action*", "action**"]
    assert "L1" not in notations
