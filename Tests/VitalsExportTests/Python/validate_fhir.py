"""Checks a FHIR R4 Bulk Data NDJSON export: every resource parsed by the fhir.resources R4B models,
Observations checked with fhirpathpy against the HL7 R4 vital-signs profile's invariants and rules;
Observations coded in a CodeSystem of the export (the insights) with every code defined there.

Usage: validate_fhir.py DIRECTORY. Prints one JSON object (resources per type, Observations per code,
BP panels) on stdout; exits 1 after printing each failure as FILE:LINE: RULE on stderr (no values).
"""
import json
import os
import sys

from fhir.resources.R4B import get_fhir_model_class
import fhirpathpy
from fhirpathpy.models import models

R4 = models["r4"]
LOINC = "http://loinc.org"
HEALTHKIT = "http://developer.apple.com/documentation/healthkit"
UCUM = "http://unitsofmeasure.org"

# The vital-signs profile's codes and the UCUM units each allows (R4 4.0.1, observation-vitalsigns).
VITAL_UNITS = {
    "8867-4": {"/min"}, "9279-1": {"/min"}, "2708-6": {"%"}, "8310-5": {"Cel", "[degF]"},
    "8302-2": {"cm", "[in_i]"}, "29463-7": {"kg", "g", "[lb_av]"}, "39156-5": {"kg/m2"},
    "8480-6": {"mm[Hg]"}, "8462-4": {"mm[Hg]"},
}

# Invariants every Observation meets (obs-6, obs-7) and the vital-signs ones (vs-1, vs-2, vs-3).
OBSERVATION_RULES = {
    "obs-6": "dataAbsentReason.empty() or value.empty()",
    "obs-7": "value.empty() or component.code.where(coding.intersect(%resource.code.coding).exists()).empty()",
    "identifier": "identifier.exists() and identifier.all(system.exists() and value.exists())",
    "subject": "subject.reference.startsWith('Patient/')",
    "healthkit-coding": "code.coding.where(system = '" + HEALTHKIT + "').exists()",
    "ucum": "value.ofType(Quantity).all(system = '" + UCUM + "' and code.exists() and value.exists())"
            " and component.value.ofType(Quantity).all(system = '" + UCUM + "' and code.exists())",
    "effective": "effective.exists()",
}
VITAL_RULES = {
    "vs-1": "(effective as dateTime).empty() or (effective as dateTime).toString().length() >= 8",
    "vs-2": "(component.empty() and hasMember.empty()) implies (dataAbsentReason.exists() or value.exists())",
    "vs-3": "component.all(value.exists() or dataAbsentReason.exists())",
    "vs-category": "category.coding.where(system = 'http://terminology.hl7.org/CodeSystem/observation-category'"
                   " and code = 'vital-signs').exists()",
    "vs-subject": "subject.exists()",
}


COMPILED = {}


def compiled(expression):
    """Each FHIRPath expression is parsed once: parsing dominates evaluating."""
    if expression not in COMPILED:
        COMPILED[expression] = fhirpathpy.compile(expression, R4)
    return COMPILED[expression]


def codes(resource, path):
    return compiled(path)(resource, {"resource": resource})


def holds(resource, expression):
    return codes(resource, expression) == [True]


def check_observation(resource, references, code_systems):
    own = codes(resource, "code.coding.system")
    own = [system for system in own if system in code_systems]
    if own:
        # An insight: coded in a CodeSystem of the export (no HealthKit type), every code and
        # component code defined there.
        rules = {name: rule for name, rule in OBSERVATION_RULES.items() if name != "healthkit-coding"}
        failures = [name for name, rule in rules.items() if not holds(resource, rule)]
        defined = code_systems[own[0]]
        used = codes(resource, "code.coding.code | component.code.coding.code")
        failures += ["code-defined:" + code for code in used if code not in defined]
        return failures, codes(resource, "code.coding.code")[0]
    failures = [name for name, rule in OBSERVATION_RULES.items() if not holds(resource, rule)]
    if resource.get("subject", {}).get("reference") not in references["Patient"]:
        failures.append("subject-resolves")
    device = resource.get("device", {}).get("reference")
    if device is not None and device not in references["Device"]:
        failures.append("device-resolves")
    loinc = codes(resource, "code.coding.where(system = '" + LOINC + "').code")
    is_vital = holds(resource, VITAL_RULES["vs-category"])
    vital_codes = [code for code in loinc if code in VITAL_UNITS or code == "85354-9"]
    if vital_codes and not is_vital:
        failures.append("vs-category")
    if is_vital:
        failures += [name for name, rule in VITAL_RULES.items() if not holds(resource, rule)]
        if not vital_codes:
            failures.append("vs-code")
        for code in vital_codes:
            if code == "85354-9":
                for member in ("8480-6", "8462-4"):
                    units = codes(resource, "component.where(code.coding.where(system = '" + LOINC + "' and code = '"
                                  + member + "').exists()).value.ofType(Quantity).code")
                    if len(units) != 1 or units[0] not in VITAL_UNITS[member]:
                        failures.append("bp-component-" + member)
            else:
                units = codes(resource, "value.ofType(Quantity).code")
                if len(units) != 1 or units[0] not in VITAL_UNITS[code]:
                    failures.append("vs-unit-" + code)
    others = codes(resource, "code.coding.code")
    return failures, (loinc[0] if loinc else (others[0] if others else "(none)"))


def main(directory):
    files = sorted(name for name in os.listdir(directory) if name.endswith(".ndjson"))
    resources = {}
    for name in files:
        resources[name] = []
        with open(os.path.join(directory, name), encoding="utf-8") as handle:
            for number, line in enumerate(handle, start=1):
                if not line.strip():
                    continue
                try:
                    resources[name].append(json.loads(line))
                except ValueError as error:
                    print("%s:%d: not JSON (column %d)" % (name, number, error.colno), file=sys.stderr)
                    sys.exit(1)
    references = {kind: {kind + "/" + r.get("id", "") for r in resources.get(kind + ".ndjson", [])}
                  for kind in ("Patient", "Device")}
    code_systems = {r.get("url"): {c.get("code") for c in r.get("concept", [])}
                    for r in resources.get("CodeSystem.ndjson", [])}
    failures = []
    counts = {}
    by_code = {}
    for name in files:
        kind = name[: -len(".ndjson")]
        for number, resource in enumerate(resources[name], start=1):
            where = "%s:%d" % (name, number)
            if resource.get("resourceType") != kind:
                failures.append(where + ": resourceType")
                continue
            try:
                get_fhir_model_class(kind).model_validate(resource)
            except Exception as error:  # the model's message names fields, not values
                fields = sorted({".".join(str(p) for p in e["loc"]) for e in getattr(error, "errors", lambda: [])()})
                failures.append(where + ": R4B model: " + (", ".join(fields) or type(error).__name__))
                continue
            counts[kind] = counts.get(kind, 0) + 1
            if kind == "Observation":
                broken, code = check_observation(resource, references, code_systems)
                failures += [where + ": " + rule for rule in broken]
                by_code[code] = by_code.get(code, 0) + 1
    for failure in failures[:50]:
        print(failure, file=sys.stderr)
    if len(failures) > 50:
        print("... and %d more" % (len(failures) - 50), file=sys.stderr)
    print(json.dumps({"resources": counts, "observationsByCode": by_code, "failures": len(failures)}, sort_keys=True))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
