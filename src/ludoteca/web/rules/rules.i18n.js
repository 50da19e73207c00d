// Texts around the rules pages (the rules themselves are in <game>.<lang>.html).

const en = {
  "rules.title": "Rules",
  "rules.all": "The games",
  "rules.lead": "The rules of the games in the room, as the published rules give them, with the decisions ludoteca made where they leave a point open (marked “Ruling”).",
  "rules.room": "Back to the room",
  "rules.contents": "Contents",
  "rules.ruling": "Ruling",
  "rules.language": "Language",
  "rules.unknown": "There are no rules for “{game}” here. The games are listed below.",
  "rules.card": "Card", "rules.row": "Row", "rules.cost": "Cost", "rules.ability": "Ability",
  "rules.copies": "Copies with 2 / 3 / 4 / 5 players",
  "rules.tile": "Tile", "rules.acute": "Sharp corners", "rules.obtuse": "Wide corners", "rules.count": "Copies",
  "rules.domino": "Domino", "rules.first": "First square", "rules.second": "Second square", "rules.crowns": "crown(s)",
  "rules.cards": "Cards in a row", "rules.points": "Points", "rules.stones": "Wish stones",
};

const it = {
  "rules.title": "Regole",
  "rules.all": "I giochi",
  "rules.lead": "Le regole dei giochi della sala, come le danno i regolamenti pubblicati, con le decisioni di ludoteca dove lasciano un punto aperto (segnate «Decisione»).",
  "rules.room": "Torna alla sala",
  "rules.contents": "Indice",
  "rules.ruling": "Decisione",
  "rules.language": "Lingua",
  "rules.unknown": "Qui non ci sono regole per «{game}». I giochi sono elencati qui sotto.",
  "rules.card": "Carta", "rules.row": "Rango", "rules.cost": "Costo", "rules.ability": "Capacità",
  "rules.copies": "Copie con 2 / 3 / 4 / 5 giocatori",
  "rules.tile": "Tessera", "rules.acute": "Angoli acuti", "rules.obtuse": "Angoli ottusi", "rules.count": "Copie",
  "rules.domino": "Tessera", "rules.first": "Primo riquadro", "rules.second": "Secondo riquadro", "rules.crowns": "corona/e",
  "rules.cards": "Carte in una fila", "rules.points": "Punti", "rules.stones": "Pietre dei desideri",
};

const de = {
  "rules.title": "Regeln",
  "rules.all": "Die Spiele",
  "rules.lead": "Die Regeln der Spiele im Raum, wie die veröffentlichten Regeln sie geben, mit den Entscheidungen von ludoteca, wo sie eine Frage offen lassen (markiert „Entscheidung“).",
  "rules.room": "Zurück in den Raum",
  "rules.contents": "Inhalt",
  "rules.ruling": "Entscheidung",
  "rules.language": "Sprache",
  "rules.unknown": "Für „{game}“ gibt es hier keine Regeln. Die Spiele stehen unten.",
  "rules.card": "Karte", "rules.row": "Reihe", "rules.cost": "Kosten", "rules.ability": "Fähigkeit",
  "rules.copies": "Anzahl bei 2 / 3 / 4 / 5 Spielern",
  "rules.tile": "Plättchen", "rules.acute": "Spitze Ecken", "rules.obtuse": "Stumpfe Ecken", "rules.count": "Anzahl",
  "rules.domino": "Domino", "rules.first": "Erstes Feld", "rules.second": "Zweites Feld", "rules.crowns": "Krone(n)",
  "rules.cards": "Karten in einer Reihe", "rules.points": "Punkte", "rules.stones": "Wunschsteine",
};

export default { en, it, de };
