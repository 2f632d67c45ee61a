"""The material of *Mais où est Tomy ?* as data: breeds, places, decisions.

Every **[decision]** of ``docs/games/tomy-rules.md`` that is not a room option lives here, so
that changing one is a one-line edit (and a test can patch it). The engine does no file I/O:
everything is a Python constant.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, Literal


@dataclass(frozen=True, slots=True)
class Breed:
    """A breed card of the row (MT-MAT-1). Its column is its index in :data:`BREEDS`."""

    key: BreedKey
    name_fr: str
    name_en: str
    colour: ColourKey


@dataclass(frozen=True, slots=True)
class Place:
    """A location card (MT-MAT-2): a short place name, as a noun phrase with its article."""

    fr: str
    en: str


BreedKey = Literal["cocker", "teckel", "husky", "yorkshire", "caniche", "dalmatien"]
"""The breeds' language-neutral names: enum ``TomyBreed`` on the wire (``TOMY_BREED_COCKER``)."""

ColourKey = Literal["green", "red", "blue", "yellow", "violet", "orange"]
"""The breeds' colours: enum ``TomyColour`` on the wire."""

LanguageKey = Literal["fr", "en"]
"""The languages of the places' names, and the room's language (room option ``language``,
``FR`` / ``EN``): enum ``TomyLanguage`` on the wire. The server's template stories carry no
language: each client renders them in its reader's."""

LANGUAGES: Final[tuple[LanguageKey, ...]] = ("fr", "en")

# MT-MAT-1 [decision]: the source names four breeds; Caniche and Dalmatien complete the six.
BREEDS: Final[tuple[Breed, ...]] = (
    Breed("cocker", "Cocker", "Cocker Spaniel", "green"),
    Breed("teckel", "Teckel", "Dachshund", "red"),
    Breed("husky", "Husky", "Husky", "blue"),
    Breed("yorkshire", "Yorkshire", "Yorkshire Terrier", "yellow"),
    Breed("caniche", "Caniche", "Poodle", "violet"),
    Breed("dalmatien", "Dalmatien", "Dalmatian", "orange"),
)
COLUMNS: Final = len(BREEDS)

# MT-MAT-2 [decision]: 16 dog cards per breed. Card ``c`` is of breed ``c // DOGS_PER_BREED``.
DOGS_PER_BREED: Final = 16
DOG_CARDS: Final = DOGS_PER_BREED * COLUMNS  # 96

# MT-SETUP-1: each player is dealt nine dog cards.
HAND_SIZE: Final = 9

# MT-MAT-3
MIN_PLAYERS: Final = 3
MAX_PLAYERS: Final = 8

# MT-STORY-1: a story is 1 to 500 characters once trimmed, counted as people see them
# (grapheme clusters: an accented letter or an emoji is one), and at most 2,000 code points.
STORY_MAX_CHARS: Final = 500
STORY_MAX_CODE_POINTS: Final = 4 * STORY_MAX_CHARS

# MT-VAR-1: the rounds variant ends when a total reaches this (room option ``target_score``).
TARGET_SCORE: Final = 12

# MT-TIME-1: default clock lengths in seconds (room options; 0 means no clock).
STORY_SECONDS: Final = 90
VOTE_SECONDS: Final = 30
TIE_SECONDS: Final = 20
MAX_CLOCK_SECONDS: Final = 600
PAUSE_SECONDS: Final = 20
"""[decision MT-PAUSE-1] Seconds the table rests after a reveal to read the votes (option
``pause_seconds``, 0 to 120; 0 = no rest, the next turn starts at once)."""
MAX_PAUSE_SECONDS: Final = 120

# MT-REVEAL-2 [decision]: a voter who must draw from an empty dog deck first turns the
# shuffled dog discards into a new deck. If False, that voter simply draws nothing.
RESHUFFLE_DISCARDS_WHEN_DECK_EMPTY: bool = True

# MT-TIME-1 [decision]: when the vote clock runs out the server plays a random valid card
# for the player. If False, the player sits the vote out instead (hand unchanged).
VOTE_TIMEOUT_PLAYS_RANDOM_CARD: bool = True

# MT-MAT-2 [decision]: the 48 location cards, French and English.
PLACES: Final[tuple[Place, ...]] = (
    Place("une hutte en Afrique", "a hut in Africa"),
    Place("un igloo au pôle Nord", "an igloo at the North Pole"),
    Place("un phare en Bretagne", "a lighthouse in Brittany"),
    Place("une pyramide en Égypte", "a pyramid in Egypt"),
    Place("un château hanté en Écosse", "a haunted castle in Scotland"),
    Place("une gondole à Venise", "a gondola in Venice"),
    Place("le sommet de la tour Eiffel", "the top of the Eiffel Tower"),
    Place("un temple perdu dans la jungle", "a lost temple in the jungle"),
    Place("une cabane dans les arbres", "a tree house"),
    Place("un sous-marin jaune", "a yellow submarine"),
    Place("une fusée en route vers la Lune", "a rocket on its way to the Moon"),
    Place("un marché aux épices à Marrakech", "a spice market in Marrakesh"),
    Place("une boulangerie à Paris", "a bakery in Paris"),
    Place("un chalet dans les Alpes", "a chalet in the Alps"),
    Place("une île déserte", "a desert island"),
    Place("un bateau pirate", "a pirate ship"),
    Place("un cirque sous un grand chapiteau", "a circus under a big top"),
    Place("une bibliothèque silencieuse", "a silent library"),
    Place("un train à vapeur au Far West", "a steam train in the Wild West"),
    Place("une fête foraine", "a funfair"),
    Place("un jardin japonais", "a Japanese garden"),
    Place("la Grande Muraille de Chine", "the Great Wall of China"),
    Place("une station de ski", "a ski resort"),
    Place("un volcan endormi à Hawaï", "a sleeping volcano in Hawaii"),
    Place("un ranch au Texas", "a ranch in Texas"),
    Place("une montgolfière au-dessus des nuages", "a hot-air balloon above the clouds"),
    Place("un musée de dinosaures", "a dinosaur museum"),
    Place("une ferme en Normandie", "a farm in Normandy"),
    Place("une plage à Rio", "a beach in Rio"),
    Place("un moulin à vent aux Pays-Bas", "a windmill in the Netherlands"),
    Place("une grotte pleine de stalactites", "a cave full of stalactites"),
    Place("une oasis dans le Sahara", "an oasis in the Sahara"),
    Place("la forêt amazonienne", "the Amazon rainforest"),
    Place("un gratte-ciel à New York", "a skyscraper in New York"),
    Place("un palais de maharaja en Inde", "a maharaja's palace in India"),
    Place("une station spatiale", "a space station"),
    Place("une réserve de pandas en Chine", "a panda reserve in China"),
    Place("une péniche sur la Seine", "a barge on the Seine"),
    Place("un stade de football", "a football stadium"),
    Place("une patinoire au Canada", "an ice rink in Canada"),
    Place("un marché flottant en Thaïlande", "a floating market in Thailand"),
    Place("une ferme de moutons en Australie", "a sheep farm in Australia"),
    Place("une école de magie", "a school of magic"),
    Place("une chocolaterie en Belgique", "a chocolate factory in Belgium"),
    Place("un observatoire en haut d'une montagne", "an observatory on a mountaintop"),
    Place("un aquarium géant", "a giant aquarium"),
    Place("une yourte en Mongolie", "a yurt in Mongolia"),
    Place("un vieux grenier plein de malles", "an old attic full of trunks"),
)
LOCATION_CARDS: Final = len(PLACES)  # 48

# MT-TIME-1: the stories the server tells for a player (timeouts, listed legal actions,
# bots) are template stories: the engine picks a template's number (seeded) and the clients
# render it in their reader's language from their catalogues (``my-story-<number>`` of
# ``i18n/locales/<lang>/tomy.ftl``, filled with the breed and the place; wire message
# ``TomyTemplateStory``). Every language has this many templates, numbered alike.
STORY_TEMPLATES: Final = 24


def breed_of(card: int) -> int:
    """The column (breed) of dog card ``card``."""
    return card // DOGS_PER_BREED


# --------------------------------------------------------------------------------------------
# Faces and the catalogue (what a client draws, by id; no table hard-coded in a client)
# --------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class DogCard:
    """The face of dog card ``id`` (0–95): its breed and that breed's column (MT-MAT-2)."""

    id: int
    column: int
    breed: str  # BreedKey


DOG_FACES: Final[tuple[DogCard, ...]] = tuple(
    DogCard(card, breed_of(card), BREEDS[breed_of(card)].key) for card in range(DOG_CARDS)
)
"""Every dog card's face, by id (built once: events and views share these objects)."""


@dataclass(frozen=True, slots=True)
class BreedEntry:
    """A breed card of the row (MT-MAT-1): its column, breed, colour and dog-card count."""

    column: int
    breed: str  # BreedKey
    colour: str  # ColourKey
    dog_cards: int


@dataclass(frozen=True, slots=True)
class PlaceName:
    """A location card's text in one language."""

    language: str  # LanguageKey
    text: str


@dataclass(frozen=True, slots=True)
class LocationEntry:
    """Location card ``id`` (0–47, MT-MAT-2) with its printed text, one entry per language."""

    id: int
    names: tuple[PlaceName, ...]


@dataclass(frozen=True, slots=True)
class TomyCatalogue:
    """The material of the game: the six breeds of the row, the 96 dog cards, the 48 location
    cards, and the numbers of the set-up (MT-MAT-1..3, MT-SETUP-1)."""

    breeds: tuple[BreedEntry, ...]
    dog_cards: tuple[DogCard, ...]
    locations: tuple[LocationEntry, ...]
    hand_size: int
    min_players: int
    max_players: int
    story_max_chars: int


def catalogue() -> TomyCatalogue:
    """The catalogue, from the constants above."""
    return TomyCatalogue(
        breeds=tuple(
            BreedEntry(column, breed.key, breed.colour, DOGS_PER_BREED)
            for column, breed in enumerate(BREEDS)
        ),
        dog_cards=DOG_FACES,
        locations=tuple(
            LocationEntry(location, (PlaceName("fr", place.fr), PlaceName("en", place.en)))
            for location, place in enumerate(PLACES)
        ),
        hand_size=HAND_SIZE,
        min_players=MIN_PLAYERS,
        max_players=MAX_PLAYERS,
        story_max_chars=STORY_MAX_CHARS,
    )
