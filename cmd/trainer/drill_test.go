package main

import (
	"bytes"
	"encoding/json"
	"io"
	"strings"
	"testing"
)

// TestDrillCommand checks that `trainer drill` prints a drill whose fields
// are issue 6's, that the same seed prints the same bytes, and that bad
// flags are one-line errors.
func TestDrillCommand(t *testing.T) {
	t.Parallel()
	drill := func(args ...string) (string, error) {
		var out bytes.Buffer
		err := run(t.Context(), append([]string{"drill"}, args...), noEnv, nil, &out, io.Discard)
		return out.String(), err
	}
	a, err := drill("--game", "thrill", "--kind", "payout", "--level", "2", "--seed", "41")
	if err != nil {
		t.Fatal(err)
	}
	b, _ := drill("--game", "thrill", "--kind", "payout", "--level", "2", "--seed", "41")
	if a != b {
		t.Error("the same seed printed different drills")
	}
	var d map[string]any
	if err := json.Unmarshal([]byte(a), &d); err != nil {
		t.Fatal(err)
	}
	for _, f := range []string{"game", "kind", "level", "seed", "rules_version", "prompt", "round", "ask", "key", "explanation"} {
		if _, ok := d[f]; !ok {
			t.Errorf("drill JSON has no %q field", f)
		}
	}
	if _, ok := d["key"].(map[string]any)["amount"]; !ok {
		t.Errorf("a payout drill's key has no amount: %v", d["key"])
	}
	ruling, err := drill("--game", "oracle", "--kind", "ruling", "--id", "oracle.R7", "--seed", "1")
	if err != nil || !strings.Contains(ruling, `"choices"`) || !strings.Contains(ruling, `"choice"`) {
		t.Errorf("ruling drill oracle.R7: %v\n%s", err, ruling)
	}
	// In Russian: the same question (key, choices' order, citation's
	// section and number), its words and the citation's title in Russian.
	var en, ru struct {
		Prompt  string
		Choices []string
		Key     map[string]any
		Refs    []struct{ Section, Number, Title string }
	}
	ruOut, err2 := drill("--game", "uth", "--kind", "ruling", "--id", "common.fractional_payout", "--seed", "5", "--lang", "ru")
	enOut2, err1 := drill("--game", "uth", "--kind", "ruling", "--id", "common.fractional_payout", "--seed", "5", "--lang", "en")
	if err1 != nil || err2 != nil || json.Unmarshal([]byte(enOut2), &en) != nil || json.Unmarshal([]byte(ruOut), &ru) != nil {
		t.Fatalf("ruling drills: %v %v\n%s\n%s", err1, err2, enOut2, ruOut)
	}
	if !strings.Contains(ru.Prompt, "мелкой фишки") || en.Prompt == ru.Prompt || len(ru.Choices) != len(en.Choices) ||
		ru.Key["choice"] != en.Key["choice"] || len(ru.Refs) != 1 || len(en.Refs) != 1 ||
		ru.Refs[0].Section != en.Refs[0].Section || ru.Refs[0].Number != en.Refs[0].Number || ru.Refs[0].Title != "Доли фишки" {
		t.Errorf("the ruling drill in Russian:\n%s\nin English:\n%s", ruOut, enOut2)
	}
	if _, err := drill("--game", "uth", "--kind", "ruling", "--seed", "5", "--lang", "fr"); err == nil || !strings.Contains(err.Error(), `unknown language "fr"`) {
		t.Errorf("--lang fr: %v", err)
	}
	list, err := drill("--list")
	if err != nil || !strings.Contains(list, "oracle.R15") || !strings.Contains(list, `"lunar"`) {
		t.Errorf("--list does not list oracle.R15 and lunar: %v", err)
	}
	for _, tt := range []struct {
		args []string
		want string
	}{
		{[]string{"--kind", "payout", "--seed", "1"}, "--game is required"},
		{[]string{"--game", "poker", "--kind", "payout", "--seed", "1"}, `unknown game "poker"`},
		{[]string{"--game", "uth", "--kind", "payout"}, "--seed is required"},
		{[]string{"--game", "uth", "--kind", "payout", "--seed", "1", "--level", "99"}, "no level 99"},
	} {
		_, err := drill(tt.args...)
		if err == nil || !strings.Contains(err.Error(), tt.want) || strings.Contains(err.Error(), "\n") {
			t.Errorf("drill %q = %v; want one line containing %q", tt.args, err, tt.want)
		}
	}
}
