-- Search in English letters: a query form's approximate matches are looked up among the words
-- whose consonants start as the form's do (server/search/service.ts withSpellings), a range read
-- on this index; vowels are what readers spell differently (cinema, sinima: snm).
CREATE INDEX "search_words_consonants_idx" ON "search_words" USING btree (translate("word", 'aeiou', '') text_pattern_ops);
