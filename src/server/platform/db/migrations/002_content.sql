-- 002: content of the store: blog, brands, help, questions and answers,
-- generic pages, site reviews, navigation, countries and states, and configuration.
--
-- Portable SQL (SQLite and PostgreSQL): snake_case columns (PostgreSQL folds unquoted names),
-- ids assigned by the seed rather than by the database, booleans as 0/1, timestamps as ISO-8601
-- UTC text. Lookup keys that must ignore case (`*_key`) are stored lower-cased by the writer so
-- a plain index serves them on both engines. No foreign key points at catalogue tables:
-- navigation names collections by handle only, brands are keyed by vendor name.

CREATE TABLE articles (
  id INTEGER PRIMARY KEY,
  handle TEXT NOT NULL UNIQUE,
  title TEXT NOT NULL,
  author TEXT NOT NULL,
  created_at TEXT NOT NULL,
  image_url TEXT,
  seo_description TEXT,
  body_html TEXT NOT NULL
);
CREATE INDEX articles_created_at ON articles (created_at);

CREATE TABLE article_tags (
  article_id INTEGER NOT NULL REFERENCES articles (id) ON DELETE CASCADE,
  position INTEGER NOT NULL,
  tag TEXT NOT NULL,
  tag_key TEXT NOT NULL,
  PRIMARY KEY (article_id, tag_key)
);
CREATE INDEX article_tags_tag_key ON article_tags (tag_key);

CREATE TABLE brands (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL UNIQUE,
  -- lower-cased name and URL handle: /brands/{name} may arrive in either form
  name_key TEXT NOT NULL UNIQUE,
  handle TEXT NOT NULL UNIQUE,
  description TEXT,
  logo_url TEXT
);

CREATE TABLE help_topics (
  id INTEGER PRIMARY KEY,
  handle TEXT NOT NULL UNIQUE,
  title TEXT NOT NULL,
  position INTEGER NOT NULL
);

CREATE TABLE help_answers (
  id INTEGER PRIMARY KEY,
  topic_id INTEGER NOT NULL REFERENCES help_topics (id) ON DELETE CASCADE,
  handle TEXT NOT NULL UNIQUE,
  title TEXT NOT NULL,
  body_html TEXT NOT NULL,
  position INTEGER NOT NULL
);
CREATE INDEX help_answers_topic ON help_answers (topic_id);

CREATE TABLE question_topics (
  id INTEGER PRIMARY KEY,
  handle TEXT NOT NULL UNIQUE,
  title TEXT NOT NULL,
  description TEXT,
  position INTEGER NOT NULL
);

CREATE TABLE question_threads (
  id INTEGER PRIMARY KEY,
  topic_id INTEGER NOT NULL REFERENCES question_topics (id) ON DELETE CASCADE,
  displayable_id TEXT NOT NULL UNIQUE,
  handle TEXT NOT NULL,
  title TEXT NOT NULL,
  body TEXT NOT NULL,
  author TEXT NOT NULL,
  created_at TEXT NOT NULL
);
CREATE INDEX question_threads_topic ON question_threads (topic_id, created_at);

CREATE TABLE question_answers (
  id INTEGER PRIMARY KEY,
  thread_id INTEGER NOT NULL REFERENCES question_threads (id) ON DELETE CASCADE,
  position INTEGER NOT NULL,
  author TEXT NOT NULL,
  is_staff INTEGER NOT NULL DEFAULT 0,
  body TEXT NOT NULL,
  created_at TEXT NOT NULL
);
CREATE INDEX question_answers_thread ON question_answers (thread_id, position);

CREATE TABLE pages (
  id INTEGER PRIMARY KEY,
  handle TEXT NOT NULL UNIQUE,
  title TEXT NOT NULL,
  body_html TEXT NOT NULL,
  seo_title TEXT,
  seo_description TEXT,
  path TEXT NOT NULL
);

CREATE TABLE site_reviews (
  id INTEGER PRIMARY KEY,
  url TEXT NOT NULL,
  message TEXT,
  name TEXT NOT NULL,
  stars INTEGER NOT NULL CHECK (stars BETWEEN 1 AND 5),
  created_at TEXT NOT NULL
);
CREATE INDEX site_reviews_created_at ON site_reviews (created_at);

CREATE TABLE nav_links (
  id INTEGER PRIMARY KEY,
  parent_id INTEGER REFERENCES nav_links (id) ON DELETE CASCADE,
  position INTEGER NOT NULL,
  title TEXT NOT NULL,
  url TEXT NOT NULL,
  collection_handle TEXT,
  max_child_items_to_display INTEGER,
  image_url TEXT
);
CREATE INDEX nav_links_parent ON nav_links (parent_id, position);

CREATE TABLE countries (
  country_code TEXT PRIMARY KEY,
  title TEXT NOT NULL,
  position INTEGER NOT NULL
);

CREATE TABLE states (
  country_code TEXT NOT NULL REFERENCES countries (country_code) ON DELETE CASCADE,
  state_code TEXT NOT NULL,
  title TEXT NOT NULL,
  PRIMARY KEY (country_code, state_code)
);

CREATE TABLE store_settings (
  setting_key TEXT PRIMARY KEY,
  value_json TEXT NOT NULL
);
