"""Card catalogue import: readers for the community card files, pure Python (no Django).

`read_catalogue(path)` reads either format; the Django layer stores the records it returns,
writing only each record's `provided` fields.
"""

from rules.catalogue.demo import (
    DEMO_CATALOGUE_PATH,
    DemoTeam,
    read_demo_catalogue,
    read_demo_teams,
)
from rules.catalogue.errors import MAX_REPORTED_ERRORS, CardFileError, CardFileErrors
from rules.catalogue.reader import parse_catalogue, read_catalogue
from rules.catalogue.records import (
    CARD_FIELDS,
    CARD_KINDS,
    ENERGY_TYPES,
    RARITIES,
    CardRecord,
    CatalogueFile,
    EnergyFaceRecord,
    FaceRecord,
    SetRecord,
)
from rules.catalogue.tdc_json import parse_tdc_json, read_tdc_json
from rules.catalogue.xdm_tables import parse_xdm_table, read_xdm_table

__all__ = [
    "CARD_FIELDS",
    "CARD_KINDS",
    "DEMO_CATALOGUE_PATH",
    "ENERGY_TYPES",
    "MAX_REPORTED_ERRORS",
    "RARITIES",
    "CardFileError",
    "CardFileErrors",
    "CardRecord",
    "CatalogueFile",
    "DemoTeam",
    "EnergyFaceRecord",
    "FaceRecord",
    "SetRecord",
    "parse_catalogue",
    "parse_tdc_json",
    "parse_xdm_table",
    "read_catalogue",
    "read_demo_catalogue",
    "read_demo_teams",
    "read_tdc_json",
    "read_xdm_table",
]
