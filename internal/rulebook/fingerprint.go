package rulebook

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
)

// GameFingerprint is a short hash of what a dealer of game must know at this
// house: the game's settings with its pay tables, the house's currency and
// rounding, and the game's certification standard. Two houses with the same
// fingerprint for a game deal it alike, so a certification granted at one
// site holds at a site playing the other (docs/group.md); any difference, a
// pay-table row or a rounding rule, asks for a table test there.
func (h *House) GameFingerprint(game string) (string, error) {
	settings := h.Settings(game)
	if settings == nil {
		return "", fmt.Errorf("house %s has no game %q", h.Name, game)
	}
	data, err := json.Marshal(struct {
		Game          string
		Currency      string
		Rounding      any
		Settings      any
		Certification *Standard
	}{game, h.Currency, h.Rounding, settings, h.Certification[game]})
	if err != nil {
		return "", fmt.Errorf("fingerprint of %s at house %s: %w", game, h.Name, err)
	}
	sum := sha256.Sum256(data)
	return hex.EncodeToString(sum[:12]), nil
}
