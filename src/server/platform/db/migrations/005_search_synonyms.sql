-- 005: search synonyms the operator keeps. One row per group of words or phrases
-- that mean the same to a shopper, comma-separated: 'tabs, tablets'. A query word (or two
-- neighbouring query words) found in a group also matches the group's other entries, ranked
-- as a word form (below the exact word). The search index reads the table at start-up: after
-- editing it, restart the server. Example:
--   INSERT INTO search_synonyms (terms) VALUES ('leaf net, leaf skimmer');
--   DELETE FROM search_synonyms WHERE terms = 'cartridge, cart';

CREATE TABLE search_synonyms (
  id INTEGER PRIMARY KEY,
  terms TEXT NOT NULL
);

-- the pool-and-spa set the store starts with
INSERT INTO search_synonyms (terms) VALUES
  ('tabs, tablets'),
  ('robot, robotic'),
  ('cartridge, cart'),
  ('chlorinator, salt system, salt chlorine generator, swg'),
  ('o-ring, gasket'),
  ('vac, vacuum'),
  ('pool vacuum, pool cleaner'),
  ('de, diatomaceous earth'),
  ('hp, horsepower'),
  ('light, lamp, bulb'),
  ('ph up, ph increaser, ph plus'),
  ('ph down, ph decreaser, ph minus'),
  ('shock, oxidizer'),
  ('heater, heat pump'),
  ('sanitizer, sanitiser'),
  ('skimmer lid, skimmer cover');
